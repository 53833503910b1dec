package io.lakegov.openlineage;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import com.sun.net.httpserver.HttpServer;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineageClientUtils;

/**
 * An OpenLineage consumer on loopback, at {@code /api/v1/lineage} as Marquez has it: answers 200, or 503 while
 * {@link #answer(int) told to}, or nothing at all while {@link #stop() stopped} (its port closed); it keeps
 * every request with the answer it gave.
 */
public final class LineageReceiver implements AutoCloseable {

	/** A request as received. */
	public record Received(String authorization, String contentType, String body, int answered) {

		public OpenLineage.RunEvent event() {
			return OpenLineageClientUtils.runEventFromJson(body);
		}

	}

	private final int port;

	private final List<Received> received = new CopyOnWriteArrayList<>();

	private volatile int status = 200;

	private volatile String refusal = "unavailable";

	private HttpServer server;

	private LineageReceiver() {
		this.server = listen(0);
		this.port = server.getAddress().getPort();
	}

	public static LineageReceiver start() {
		return new LineageReceiver();
	}

	private HttpServer listen(int on) {
		HttpServer created;
		try {
			created = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), on), 50);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		created.createContext("/api/v1/lineage", exchange -> {
			byte[] body;
			try (InputStream in = exchange.getRequestBody()) {
				body = in.readAllBytes();
			}
			int answer = status;
			received.add(new Received(exchange.getRequestHeaders().getFirst("Authorization"),
					exchange.getRequestHeaders().getFirst("Content-Type"), new String(body, StandardCharsets.UTF_8), answer));
			byte[] text = (answer == 200 ? "{}" : refusal).getBytes(StandardCharsets.UTF_8);
			exchange.sendResponseHeaders(answer, text.length);
			try (OutputStream out = exchange.getResponseBody()) {
				out.write(text);
			}
		});
		created.start();
		return created;
	}

	/** The consumer's base URL (without the endpoint). */
	public String url() {
		return "http://127.0.0.1:" + port;
	}

	/** Answers every further request with this status. */
	public void answer(int status) {
		answer(status, "unavailable");
	}

	/** Answers every further request with this status and, when it is not 200, this body. */
	public void answer(int status, String refusal) {
		this.refusal = refusal;
		this.status = status;
	}

	/** Closes the port: further posts find nothing listening. */
	public void stop() {
		server.stop(0);
	}

	/** Listens on the same port again. */
	public void restart() {
		server = listen(port);
	}

	public List<Received> all() {
		return List.copyOf(received);
	}

	public List<Received> accepted() {
		return received.stream().filter(request -> request.answered() == 200).toList();
	}

	public void clear() {
		received.clear();
	}

	@Override
	public void close() {
		server.stop(0);
	}

}
