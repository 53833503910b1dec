package io.lakegov.web;

import java.io.ByteArrayOutputStream;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;

/**
 * Reads at most a given number of bytes of a receiver's answer and stops there: receivers are outside the
 * company's control, and one that answers without end must not fill the heap. Read with {@code sendAsync} and
 * a bounded {@code get}, so that an answer whose body stalls cannot hold the caller either.
 */
public final class CappedBody implements HttpResponse.BodySubscriber<byte[]> {

	private final int max;

	private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

	private final CompletableFuture<byte[]> result = new CompletableFuture<>();

	private Flow.Subscription subscription;

	CappedBody(int max) {
		this.max = max;
	}

	public static HttpResponse.BodyHandler<byte[]> handler(int max) {
		return info -> new CappedBody(max);
	}

	@Override
	public CompletionStage<byte[]> getBody() {
		return result;
	}

	@Override
	public void onSubscribe(Flow.Subscription subscription) {
		this.subscription = subscription;
		subscription.request(1);
	}

	@Override
	public void onNext(List<ByteBuffer> buffers) {
		for (ByteBuffer buffer : buffers) {
			int take = Math.min(buffer.remaining(), max - bytes.size());
			byte[] chunk = new byte[take];
			buffer.get(chunk);
			bytes.write(chunk, 0, take);
		}
		if (bytes.size() >= max) {
			subscription.cancel();
			result.complete(bytes.toByteArray());
		}
		else {
			subscription.request(1);
		}
	}

	@Override
	public void onError(Throwable failure) {
		result.completeExceptionally(failure);
	}

	@Override
	public void onComplete() {
		result.complete(bytes.toByteArray());
	}

}
