package io.lakegov.watch;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import com.sun.net.httpserver.HttpServer;

/**
 * A webhook receiver on loopback: answers 500 to its first {@code failures} requests, then 200, and keeps
 * every request it got with the answer it gave.
 */
final class WebhookReceiver implements AutoCloseable {

	/** A request as received, header names lower-cased. */
	record Received(Map<String, String> headers, String body, int answered) {

		String header(String name) {
			return headers.get(name.toLowerCase(Locale.ROOT));
		}

	}

	private final HttpServer server;

	private final AtomicInteger failuresLeft;

	private final List<Received> received = new CopyOnWriteArrayList<>();

	private WebhookReceiver(int failures) {
		this.failuresLeft = new AtomicInteger(failures);
		try {
			server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 50);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		server.createContext("/hook", exchange -> {
			byte[] body;
			try (InputStream in = exchange.getRequestBody()) {
				body = in.readAllBytes();
			}
			Map<String, String> headers = new TreeMap<>();
			exchange.getRequestHeaders().forEach((name, values) -> headers.put(name.toLowerCase(Locale.ROOT), values.get(0)));
			int status = failuresLeft.getAndDecrement() > 0 ? 500 : 200;
			received.add(new Received(headers, new String(body, StandardCharsets.UTF_8), status));
			byte[] answer = (status == 200 ? "ok" : "try later").getBytes(StandardCharsets.UTF_8);
			exchange.sendResponseHeaders(status, answer.length);
			try (OutputStream out = exchange.getResponseBody()) {
				out.write(answer);
			}
		});
		server.start();
	}

	static WebhookReceiver failingFirst(int failures) {
		return new WebhookReceiver(failures);
	}

	static WebhookReceiver accepting() {
		return new WebhookReceiver(0);
	}

	String url() {
		return "http://127.0.0.1:" + server.getAddress().getPort() + "/hook";
	}

	List<Received> all() {
		return List.copyOf(received);
	}

	List<Received> accepted() {
		return received.stream().filter(request -> request.answered() == 200).toList();
	}

	@Override
	public void close() {
		server.stop(0);
	}

}
