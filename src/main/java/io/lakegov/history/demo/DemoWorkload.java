package io.lakegov.history.demo;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;

import io.lakegov.history.demo.DemoStatements.Shape;

/**
 * Generates the demo warehouse's query history: episodes (a dashboard refresh, an analyst's session, a
 * job run, ...) spread over a time range, each a few statements with ids, users, sources and times.
 * One episode in a hundred is a principal seen for the first time. The same random seed gives the same history.
 */
public final class DemoWorkload {

	/** Versions of the time-travelled table are 6 hours apart, counted from this instant. */
	static final Instant VERSION_ORIGIN = Instant.parse("2026-01-01T00:00:00Z");

	static final Duration VERSION_INTERVAL = Duration.ofHours(6);

	private final Random random;

	public DemoWorkload(long seed) {
		this.random = new Random(seed);
	}

	/** The version of the time-travelled table current at the given time. */
	static long versionAt(Instant time) {
		return Math.max(0, Duration.between(VERSION_ORIGIN, time).toSeconds() / VERSION_INTERVAL.toSeconds());
	}

	/** About {@code count} statements starting within {@code [from, to)}, ordered by start. */
	public List<DemoStatement> generate(Instant from, Instant to, int count) {
		List<DemoStatement> statements = new ArrayList<>(count + 8);
		long span = Math.max(1, Duration.between(from, to).toMillis());
		if (count >= 1000) {
			// a history that long includes the rename that gave marketing.attribution its name
			statements.add(single(from.plusMillis(span / 3), "carol@corp.example", adhoc(), DemoStatements.rename()));
			// and the views on sales.orders that people read (see DemoViews)
			List<Shape> views = DemoViews.creations();
			for (int i = 0; i < views.size(); i++) {
				statements.add(single(from.plusSeconds(60L * (i + 1)), "dbt-prod-sp", adhoc(), views.get(i)));
			}
		}
		while (statements.size() < count) {
			Instant start = from.plusMillis((long) (random.nextDouble() * span));
			statements.addAll(episode(start));
		}
		statements.sort(Comparator.comparing(DemoStatement::start).thenComparing(DemoStatement::statementId));
		return statements;
	}

	private List<DemoStatement> episode(Instant start) {
		int pick = random.nextInt(100);
		if (pick < 25) {
			String dashboard = pickOne(DemoCatalog.DASHBOARDS);
			String source = "{\"dashboard_id\": \"" + dashboard + "\"}";
			return List.of(single(start, pickOne(DemoCatalog.PEOPLE), source, DemoStatements.dashboard(random, dashboard)));
		}
		if (pick < 30) {
			String source = "{\"alert_id\": \"" + pickOne(DemoCatalog.ALERTS) + "\", \"sql_query_id\": \"q-77\"}";
			return List.of(single(start, "alice@corp.example", source, DemoStatements.alert()));
		}
		if (pick < 45) {
			String source = random.nextBoolean() ? "{\"notebook_id\": \"" + pickOne(DemoCatalog.NOTEBOOKS) + "\"}"
					: adhoc();
			return List.of(single(start, pickOne(DemoCatalog.PEOPLE), source, DemoStatements.report(random)));
		}
		if (pick < 58) {
			return session(start);
		}
		if (pick < 73) {
			String job = pickOne(DemoCatalog.JOBS);
			String source = "{\"job_info\": {\"job_id\": \"" + job + "\", \"job_run_id\": \"" + random.nextInt(1_000_000)
					+ "\", \"job_task_run_id\": null}, \"notebook_id\": \"" + pickOne(DemoCatalog.NOTEBOOKS) + "\"}";
			return List.of(single(start, pickOne(DemoCatalog.SERVICE_PRINCIPALS), source, DemoStatements.etl(random)));
		}
		if (pick < 75) {
			String source = "{\"pipeline_info\": {\"pipeline_id\": \"" + pickOne(DemoCatalog.PIPELINES)
					+ "\", \"update_id\": \"u-" + random.nextInt(10_000) + "\"}}";
			return List.of(single(start, "etl-nightly-sp", source, DemoStatements.pipeline()));
		}
		if (pick < 82) {
			String source = random.nextBoolean() ? adhoc() : "{\"notebook_id\": \"nb-6001\"}";
			return List.of(single(start, pickOne(DemoCatalog.PEOPLE.subList(0, 6)), source,
					DemoStatements.timeTravel(random, start, versionAt(start))));
		}
		if (pick < 86) {
			String source = "{\"job_info\": {\"job_id\": \"1006\", \"job_run_id\": \"" + random.nextInt(1_000_000) + "\"}}";
			return List.of(single(start, "quality-checks-sp", source, DemoStatements.maintenance(random)));
		}
		if (pick < 89) {
			return List.of(single(start, pickOne(DemoCatalog.PEOPLE), "{\"genie_space_id\": \"genie-sales\"}",
					DemoStatements.genie()));
		}
		if (pick < 90) {
			return temporaryView(start);
		}
		if (pick < 92) {
			if (random.nextBoolean()) {
				return List.of(single(start, pickOne(DemoCatalog.EXECUTIVES), "{\"dashboard_id\": \"01ef-exec\"}",
						DemoViews.read(random)));
			}
			String source = "{\"notebook_id\": \"" + pickOne(DemoCatalog.NOTEBOOKS) + "\"}";
			return List.of(single(start, pickOne(DemoCatalog.PEOPLE), source, DemoViews.read(random)));
		}
		if (pick < 95) {
			return List.of(single(start, pickOne(DemoCatalog.PEOPLE), adhoc(), DemoStatements.failure(random)));
		}
		if (pick < 97) {
			String source = "{\"job_info\": {\"job_id\": \"1005\", \"job_run_id\": \"" + random.nextInt(1_000_000) + "\"}}";
			List<DemoStatements.Shape> shapes = DemoStatements.scratchTable(random);
			return List.of(single(start, "etl-nightly-sp", source, shapes.get(0)),
					single(start.plusSeconds(120), "etl-nightly-sp", source, shapes.get(1)));
		}
		if (pick < 99) {
			return List.of(single(start, pickOne(DemoCatalog.PEOPLE), adhoc(), pickOne(DemoStatements.adhocMisc(random))));
		}
		// someone who never read anything before: a new reader of main.sales.orders, as in a real workspace
		return List.of(single(start, "newcomer-" + random.nextInt(100_000) + "@corp.example", adhoc(),
				DemoStatements.alert()));
	}

	/** An analyst's SQL editor session: USE statements, then unqualified queries resolved by them. */
	private List<DemoStatement> session(Instant start) {
		String session = id("s");
		String user = pickOne(DemoCatalog.PEOPLE);
		String schema = pickOne(List.of("sales", "finance", "bronze"));
		String source = adhoc();
		List<DemoStatement> statements = new ArrayList<>();
		statements.add(statement(session, start, user, source, new Shape("USE CATALOG main", "USE", List.of())));
		statements.add(statement(session, start.plusSeconds(2), user, source,
				new Shape("USE SCHEMA " + schema, "USE", List.of())));
		int queries = 1 + random.nextInt(3);
		for (int i = 0; i < queries; i++) {
			statements.add(statement(session, start.plusSeconds(10L + 30L * i), user, source,
					DemoStatements.sessionQuery(random, schema)));
		}
		return statements;
	}

	private List<DemoStatement> temporaryView(Instant start) {
		String session = id("s");
		String user = pickOne(DemoCatalog.PEOPLE);
		String source = "{\"notebook_id\": \"" + pickOne(DemoCatalog.NOTEBOOKS) + "\"}";
		return List.of(
				statement(session, start, user, source, new Shape(
						"CREATE OR REPLACE TEMP VIEW big_orders AS SELECT * FROM main.sales.orders WHERE amount > 1000",
						"CREATE_VIEW", List.of(DemoStatement.Truth.read("sales.orders")))),
				statement(session, start.plusSeconds(5), user, source,
						new Shape("SELECT customer_id, count(*) FROM big_orders GROUP BY customer_id", "SELECT",
								List.of())));
	}

	private DemoStatement single(Instant start, String user, String source, Shape shape) {
		return statement(id("s"), start, user, source, shape);
	}

	private DemoStatement statement(String session, Instant start, String user, String source, Shape shape) {
		Instant end = start.plusMillis(200 + random.nextInt(20_000));
		String status = shape.error() != null ? "FAILED" : random.nextInt(200) == 0 ? "CANCELED" : "FINISHED";
		return new DemoStatement(id("q"), session, user, shape.text(), shape.type(), source, status, shape.error(), start,
				end, shape.truth());
	}

	private static String adhoc() {
		return "{\"job_info\": null, \"dashboard_id\": null, \"notebook_id\": null, \"alert_id\": null}";
	}

	private String id(String prefix) {
		return prefix + "-" + Long.toHexString(random.nextLong() & Long.MAX_VALUE) + Long.toHexString(random.nextInt() & 0xffff);
	}

	private <T> T pickOne(List<T> items) {
		return items.get(random.nextInt(items.size()));
	}

}
