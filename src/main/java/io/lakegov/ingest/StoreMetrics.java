package io.lakegov.ingest;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;

import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;
import org.springframework.stereotype.Component;

/**
 * Gauges read from the store: the size of the main tables and when the last successful run finished.
 * Read at most once a minute whatever the number of scrapes; a store that cannot be read keeps the last
 * values (the health indicator reports it).
 */
@Component
class StoreMetrics {

	/** The tables that grow with the history; the rest are bounded by the number of tables or days. */
	static final List<String> TABLES = List.of("query_history", "statement_analysis", "session_event", "table_access",
			"usage_daily", "table_daily", "table_user_daily", "table_source_daily", "user_daily", "table_lineage_daily",
			"table_summary", "table_inventory", "ingestion_run");

	private static final Duration REFRESH = Duration.ofMinutes(1);

	private final JdbcClient jdbc;

	private final IngestionHealthRepository runs;

	private final Clock clock;

	private Snapshot snapshot = new Snapshot(Instant.MIN, Map.of(), Double.NaN);

	StoreMetrics(JdbcClient jdbc, IngestionHealthRepository runs, Clock clock, MeterRegistry registry) {
		this.jdbc = jdbc;
		this.runs = runs;
		this.clock = clock;
		for (String table : TABLES) {
			Gauge.builder("lakegov.store.table.size", this, metrics -> metrics.current().size(table, 0))
				.tag("table", table)
				.baseUnit("bytes")
				.description("On-disk size of a store table with its indexes and TOAST")
				.register(registry);
			Gauge.builder("lakegov.store.table.rows", this, metrics -> metrics.current().size(table, 1))
				.tag("table", table)
				.description("The planner's estimate of a store table's rows")
				.register(registry);
		}
		Gauge.builder("lakegov.ingest.last.success.timestamp", this, metrics -> metrics.current().lastSuccess())
			.baseUnit("seconds")
			.description("When the last successful ingestion run finished, in seconds since the epoch")
			.register(registry);
	}

	/** Sizes by table as {bytes, rows}, and the last success in epoch seconds. */
	private record Snapshot(Instant readAt, Map<String, double[]> sizes, double lastSuccess) {

		double size(String table, int index) {
			double[] size = sizes.get(table);
			return size == null ? Double.NaN : size[index];
		}

	}

	/** A run ended: the next scrape reads the store again. */
	synchronized void invalidate() {
		snapshot = new Snapshot(Instant.MIN, snapshot.sizes(), snapshot.lastSuccess());
	}

	private synchronized Snapshot current() {
		Instant now = clock.instant();
		if (Duration.between(snapshot.readAt(), now).compareTo(REFRESH) < 0) {
			return snapshot;
		}
		try {
			Map<String, double[]> sizes = new HashMap<>();
			jdbc.sql("""
					SELECT t.name, pg_total_relation_size(c.oid), greatest(c.reltuples, 0)
					FROM unnest(:tables) AS t(name)
					JOIN pg_class c ON c.oid = to_regclass(t.name)""")
				.param("tables", new SqlArrayValue("text", TABLES.toArray()))
				.query(rs -> {
					sizes.put(rs.getString(1), new double[] { rs.getLong(2), rs.getDouble(3) });
				});
			double lastSuccess = runs.lastSuccess().map(at -> at.toEpochMilli() / 1000.0).orElse(Double.NaN);
			snapshot = new Snapshot(now, sizes, lastSuccess);
		}
		catch (DataAccessException ex) {
			snapshot = new Snapshot(now, snapshot.sizes(), snapshot.lastSuccess());
		}
		return snapshot;
	}

}
