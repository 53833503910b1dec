package io.lakegov.openlineage.outbox;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import io.lakegov.openlineage.OpenLineageProperties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The consumer's answer is read within the timeouts, its body too: a consumer or a proxy that sends the
 * headers of an answer and then stalls costs one attempt, never the sender's thread.
 */
class ConsumerClientTests {

	@Test
	@Timeout(30)
	void anAnswerWhoseBodyStallsIsARetryWithinTheTimeouts() throws Exception {
		CountDownLatch release = new CountDownLatch(1);
		try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			Thread stalling = new Thread(() -> {
				try (Socket socket = server.accept()) {
					readHeaders(socket.getInputStream());
					OutputStream out = socket.getOutputStream();
					out.write(("HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain\r\nContent-Length: 1000\r\n\r\n"
							+ "busy").getBytes(StandardCharsets.US_ASCII));
					out.flush();
					release.await(30, TimeUnit.SECONDS);
				}
				catch (IOException | InterruptedException ex) {
					// the client gave up and closed its end
				}
			});
			stalling.start();
			ConsumerClient client = new ConsumerClient(properties("http://127.0.0.1:" + server.getLocalPort()));

			ConsumerClient.Answer answer = client.post("{}");

			assertThat(answer.outcome()).isEqualTo(ConsumerClient.Outcome.RETRY);
			assertThat(answer.error()).isEqualTo("no answer within 1500 ms");
			release.countDown();
			stalling.join(10_000);
		}
	}

	private static void readHeaders(InputStream in) throws IOException {
		int matched = 0;
		byte[] end = "\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
		int next;
		while (matched < end.length && (next = in.read()) != -1) {
			matched = next == end[matched] ? matched + 1 : (next == end[0] ? 1 : 0);
		}
	}

	private static OpenLineageProperties properties(String url) {
		return new OpenLineageProperties(url, "/api/v1/lineage", new OpenLineageProperties.Auth(null, null, null), null,
				null, null, true, Duration.ofSeconds(2), 100, Duration.ofMinutes(1), Duration.ofSeconds(5),
				Duration.ofMinutes(10), Duration.ofSeconds(1), Duration.ofMillis(500), Duration.ofDays(31));
	}

}
