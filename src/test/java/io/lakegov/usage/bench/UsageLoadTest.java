package io.lakegov.usage.bench;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntFunction;

/**
 * A closed-loop load test against a running lakegov: {@code --clients} threads each send one request,
 * wait for the answer, and send the next, for {@code --seconds} per scenario after a warm-up. Prints
 * p50, p95, p99 and requests per second per scenario. Tables are drawn from the generator's naming
 * scheme: uniformly over all tables ("any"), or over the 20 hottest ("hot").
 *
 * <pre>
 * java -cp target/test-classes io.lakegov.usage.bench.UsageLoadTest --base http://127.0.0.1:8088 --key bench-key \
 *     [--clients 20] [--seconds 30] [--warmup 10] [--tables 5000] [--only readers,impact]
 * </pre>
 */
public final class UsageLoadTest {

	private UsageLoadTest() {
	}

	public static void main(String[] args) throws Exception {
		Map<String, String> options = new HashMap<>();
		for (int i = 0; i + 1 < args.length; i += 2) {
			options.put(args[i].substring(2), args[i + 1]);
		}
		String base = options.getOrDefault("base", "http://127.0.0.1:8088");
		String key = options.getOrDefault("key", "bench-key");
		int clients = Integer.parseInt(options.getOrDefault("clients", "20"));
		int seconds = Integer.parseInt(options.getOrDefault("seconds", "30"));
		int warmup = Integer.parseInt(options.getOrDefault("warmup", "10"));
		int tables = Integer.parseInt(options.getOrDefault("tables", "5000"));
		List<String> only = options.containsKey("only") ? Arrays.asList(options.get("only").split(",")) : List.of();

		Map<String, IntFunction<String>> scenarios = new LinkedHashMap<>();
		scenarios.put("readers", n -> "/api/v1/tables/" + anyTable(tables) + "/readers");
		scenarios.put("readers-hot", n -> "/api/v1/tables/" + hotTable() + "/readers");
		scenarios.put("impact", n -> "/api/v1/tables/" + anyTable(tables) + "/impact");
		scenarios.put("impact-hot", n -> "/api/v1/tables/" + hotTable() + "/impact");
		scenarios.put("usage", n -> "/api/v1/tables/" + anyTable(tables) + "/usage");
		scenarios.put("usage-hot", n -> "/api/v1/tables/" + hotTable() + "/usage");
		scenarios.put("rankings", n -> "/api/v1/rankings/tables");
		scenarios.put("rankings-users", n -> "/api/v1/rankings/tables?by=users");
		scenarios.put("rankings-of-users", n -> "/api/v1/rankings/users");
		scenarios.put("unused", n -> "/api/v1/tables/unused?days=90");
		scenarios.put("readers-indirect", n -> "/api/v1/tables/" + anyTable(tables) + "/readers?indirect=true");
		scenarios.put("readers-indirect-hot", n -> "/api/v1/tables/" + hotTable() + "/readers?indirect=true");
		scenarios.put("impact-views", n -> "/api/v1/tables/" + chainBase() + "/impact");
		scenarios.put("rankings-indirect", n -> "/api/v1/rankings/tables?indirect=true");
		scenarios.put("queries", n -> "/api/v1/tables/" + anyTable(tables) + "/queries");
		scenarios.put("queries-hot", n -> "/api/v1/tables/" + hotTable() + "/queries");
		scenarios.put("related", n -> "/api/v1/tables/" + anyTable(tables) + "/related");
		scenarios.put("related-hot", n -> "/api/v1/tables/" + hotTable() + "/related");
		scenarios.put("schema", n -> "/api/v1/schemas/" + anySchema() + "/usage");
		scenarios.put("schema-hot", n -> "/api/v1/schemas/cat0.sch0/usage");
		scenarios.put("rankings-duration", n -> "/api/v1/rankings/tables?by=duration");
		scenarios.put("rankings-of-users-duration", n -> "/api/v1/rankings/users?by=duration");
		scenarios.put("columns", n -> "/api/v1/tables/" + anyTable(tables) + "/columns");
		scenarios.put("columns-hot", n -> "/api/v1/tables/" + hotTable() + "/columns");
		scenarios.put("column-impact", n -> "/api/v1/tables/" + anyTable(tables) + "/columns/" + popularColumn() + "/impact");
		scenarios.put("column-impact-hot", n -> "/api/v1/tables/" + hotTable() + "/columns/" + popularColumn() + "/impact");
		scenarios.put("user-tables", n -> "/api/v1/users/user" + ThreadLocalRandom.current().nextInt(200)
				+ "@corp.example/tables");
		scenarios.put("rankings-of-users-indirect", n -> "/api/v1/rankings/users?indirect=true");
		scenarios.put("user-tables-indirect", n -> "/api/v1/users/user" + ThreadLocalRandom.current().nextInt(200)
				+ "@corp.example/tables?indirect=true");

		HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
			.connectTimeout(Duration.ofSeconds(5))
			.build();
		System.out.printf("%-26s %8s %8s %8s %8s %9s %7s%n", "scenario", "p50 ms", "p95 ms", "p99 ms", "max ms", "req/s",
				"errors");
		for (var scenario : scenarios.entrySet()) {
			if (!only.isEmpty() && !only.contains(scenario.getKey())) {
				continue;
			}
			run(http, base, key, clients, warmup, scenario.getValue());
			Result result = run(http, base, key, clients, seconds, scenario.getValue());
			System.out.printf("%-26s %8.1f %8.1f %8.1f %8.1f %9.1f %7d%n", scenario.getKey(), result.percentile(50),
					result.percentile(95), result.percentile(99), result.percentile(100), result.perSecond(seconds),
					result.errors());
		}
	}

	private static String anyTable(int tables) {
		return Workspace.tableName(ThreadLocalRandom.current().nextInt(tables));
	}

	/** A table with a two-level view chain on it (see {@link BenchViews}). */
	private static String chainBase() {
		return Workspace.tableName(ThreadLocalRandom.current().nextInt(BenchViews.CHAINS));
	}

	/** One of the 60 schemas the generator's naming scheme spreads tables over. */
	private static String anySchema() {
		int schema = ThreadLocalRandom.current().nextInt(60);
		return "cat" + (schema % 4) + ".sch" + schema;
	}

	/** One of the 8 columns every table has ({@link ColumnFactGenerator}), the most read ones. */
	private static String popularColumn() {
		return "col_" + ThreadLocalRandom.current().nextInt(8);
	}

	private static String hotTable() {
		return Workspace.tableName(ThreadLocalRandom.current().nextInt(20));
	}

	private static Result run(HttpClient http, String base, String key, int clients, int seconds,
			IntFunction<String> uris) throws InterruptedException {
		long end = System.nanoTime() + seconds * 1_000_000_000L;
		List<long[]> latencies = new ArrayList<>();
		AtomicLong errors = new AtomicLong();
		var done = new CountDownLatch(clients);
		for (int c = 0; c < clients; c++) {
			long[] mine = new long[500_000];
			latencies.add(mine);
			var client = new Thread(() -> {
				int n = 1;
				try {
					while (System.nanoTime() < end && n < mine.length) {
						var request = HttpRequest.newBuilder(URI.create(base + uris.apply(n)))
							.header("X-API-Key", key)
							.timeout(Duration.ofSeconds(60))
							.build();
						long started = System.nanoTime();
						try {
							HttpResponse<byte[]> response = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
							if (response.statusCode() != 200) {
								errors.incrementAndGet();
							}
						}
						catch (java.io.IOException ex) {
							errors.incrementAndGet();
						}
						mine[n++] = System.nanoTime() - started;
					}
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
				}
				finally {
					mine[0] = n - 1;
					done.countDown();
				}
			});
			client.start();
		}
		done.await();
		long count = latencies.stream().mapToLong(l -> l[0]).sum();
		long[] all = new long[(int) count];
		int at = 0;
		for (long[] mine : latencies) {
			System.arraycopy(mine, 1, all, at, (int) mine[0]);
			at += (int) mine[0];
		}
		Arrays.sort(all);
		return new Result(all, errors.get());
	}

	private record Result(long[] sortedNanos, long errors) {

		double percentile(int p) {
			if (sortedNanos.length == 0) {
				return Double.NaN;
			}
			int index = (int) Math.ceil(p / 100.0 * sortedNanos.length) - 1;
			return sortedNanos[Math.max(0, Math.min(index, sortedNanos.length - 1))] / 1e6;
		}

		double perSecond(int seconds) {
			return sortedNanos.length / (double) seconds;
		}

	}

}
