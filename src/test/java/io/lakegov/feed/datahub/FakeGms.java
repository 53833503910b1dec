package io.lakegov.feed.datahub;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * DataHub GMS's {@code POST /aspects?action=ingestProposal} on loopback, as strict as GMS about what lakegov sends:
 * the Rest.li protocol header, the bearer token, and a proposal whose aspect is JSON text with its content type.
 * It accepts a given number of proposals and then answers 503 until it is told to accept again, and keeps every
 * proposal it got with its answer.
 */
final class FakeGms implements AutoCloseable {

	static final String TOKEN = "gms-test-token";

	private static final JsonMapper JSON = JsonMapper.builder().build();

	/** A proposal as received: its envelope, the aspect's value parsed, and the status answered. */
	record Received(JsonNode proposal, JsonNode aspect, int answered) {

		String urn() {
			return proposal.get("entityUrn").asString();
		}

		long timestamp() {
			return aspect.get("timestampMillis").asLong();
		}

	}

	private final HttpServer server;

	private final List<Received> received = new CopyOnWriteArrayList<>();

	private final AtomicInteger acceptsLeft = new AtomicInteger(Integer.MAX_VALUE);

	private volatile List<String> failing = List.of();

	FakeGms() {
		try {
			server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 50);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		server.createContext("/aspects", this::handle);
		server.start();
	}

	String url() {
		return "http://127.0.0.1:" + server.getAddress().getPort();
	}

	/** Accepts {@code count} more proposals, then answers 503 (down). */
	void acceptOnly(int count) {
		acceptsLeft.set(count);
	}

	void up() {
		acceptsLeft.set(Integer.MAX_VALUE);
		failing = List.of();
	}

	/** Answers 500 to every proposal of a dataset whose URN contains one of {@code parts}, as a GMS that cannot store it. */
	void failAlways(String... parts) {
		failing = List.of(parts);
	}

	void clear() {
		received.clear();
	}

	List<Received> all() {
		return List.copyOf(received);
	}

	List<Received> accepted() {
		return received.stream().filter(request -> request.answered() == 200).toList();
	}

	/** The accepted proposals of one day (stamped at its UTC midnight). */
	List<Received> accepted(LocalDate day) {
		long timestamp = day.atStartOfDay(ZoneOffset.UTC).toInstant().toEpochMilli();
		return accepted().stream().filter(request -> request.timestamp() == timestamp).toList();
	}

	private void handle(HttpExchange exchange) throws IOException {
		byte[] body;
		try (InputStream in = exchange.getRequestBody()) {
			body = in.readAllBytes();
		}
		if (!"POST".equals(exchange.getRequestMethod())
				|| !"action=ingestProposal".equals(exchange.getRequestURI().getRawQuery())) {
			answer(exchange, 404, "no such action");
			return;
		}
		if (!("Bearer " + TOKEN).equals(exchange.getRequestHeaders().getFirst("Authorization"))) {
			answer(exchange, 401, "unauthorized");
			return;
		}
		if (!"2.0.0".equals(exchange.getRequestHeaders().getFirst("X-RestLi-Protocol-Version"))
				|| !exchange.getRequestHeaders().getFirst("Content-Type").startsWith("application/json")) {
			answer(exchange, 400, "not a Rest.li 2.0.0 JSON request");
			return;
		}
		JsonNode proposal;
		JsonNode aspect;
		try {
			JsonNode request = JSON.readTree(new String(body, StandardCharsets.UTF_8));
			proposal = request.get("proposal");
			JsonNode value = proposal.get("aspect");
			if (request.size() != 1 || !value.get("value").isString()
					|| !"application/json".equals(value.get("contentType").asString())) {
				answer(exchange, 400, "aspect must be JSON text");
				return;
			}
			aspect = JSON.readTree(value.get("value").asString());
		}
		catch (RuntimeException ex) {
			answer(exchange, 400, "not a proposal: " + ex.getMessage());
			return;
		}
		String urn = proposal.get("entityUrn").asString();
		int status = failing.stream().anyMatch(urn::contains) ? 500
				: acceptsLeft.getAndDecrement() > 0 ? 200 : 503;
		received.add(new Received(proposal, aspect, status));
		answer(exchange, status, status == 200 ? "{\"value\":\"" + proposal.get("entityUrn").asString() + "\"}" : "down");
	}

	private static void answer(HttpExchange exchange, int status, String text) throws IOException {
		byte[] answer = text.getBytes(StandardCharsets.UTF_8);
		exchange.sendResponseHeaders(status, answer.length);
		try (OutputStream out = exchange.getResponseBody()) {
			out.write(answer);
		}
	}

	@Override
	public void close() {
		server.stop(0);
	}

}
