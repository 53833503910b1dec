package io.lakegov.usage;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;

import io.lakegov.ingest.IngestionService;
import io.lakegov.ingest.RunKind;
import io.lakegov.support.IntegrationTest;
import io.lakegov.support.SourceRows;
import io.lakegov.support.StoreReset;
import io.lakegov.support.TestApi;
import tools.jackson.databind.JsonNode;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.web.client.RestClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Hand-checked statements of one business day, ingested from the PostgreSQL source, and what tests
 * read back about them: {@code orders} and {@code customers} joined twice from a dashboard, {@code orders}
 * counted ad hoc, read by a job that writes {@code daily}, read by a statement still running, and read
 * twenty times in one shape with durations 10, 20, ... 200 ms.
 */
final class QueryWorkload {

	static final LocalDate DAY = LocalDate.now(ZoneOffset.UTC).minusDays(2);

	static final Instant T0 = DAY.atTime(9, 0).toInstant(ZoneOffset.UTC);

	static final String WINDOW = "?from=" + DAY + "&to=" + DAY;

	static final String JOIN = "SELECT o.id, c.name FROM orders o JOIN customers c ON o.cid = c.id WHERE o.id = ";

	private final JdbcClient jdbc;

	private final SourceRows source;

	private final RestClient api;

	QueryWorkload(JdbcClient jdbc, int port) {
		this.jdbc = jdbc;
		this.source = new SourceRows(jdbc);
		this.api = TestApi.withKey(port, IntegrationTest.VIEWER_KEY);
	}

	void ingest(IngestionService ingestion) {
		StoreReset.resetKeepingAnalyses(jdbc, "query.history");
		// 1001 ms and 301 bytes over customers and orders: customers (first by name) 501 and 151, orders 500 and 150
		run("q1", "ann", JOIN + "1", 1001, 301, 0).source("{\"dashboard_id\": \"d1\"}").save();
		run("q2", "bob", JOIN + "2", 3000, 100, 60).source("{\"dashboard_id\": \"d1\"}").save();
		run("q3", "ann", "SELECT count(*) FROM orders WHERE day = '2026-01-01'", 200, 1000, 120).save();
		run("q4", "etl", "INSERT INTO daily SELECT * FROM orders", 5000, 2000, 180)
			.source("{\"job_info\": {\"job_id\": \"42\", \"job_run_id\": \"1\"}}").save();
		run("q5", "cy", "SELECT * FROM orders WHERE id = 7", 0, 0, 240).status("RUNNING")
			.set("total_duration_ms", null).set("read_bytes", null).save();
		for (int i = 1; i <= 20; i++) {
			run("p" + i, i % 2 == 1 ? "dee" : "eve", "SELECT id FROM orders WHERE id = " + i, 10L * i, 5, 300 + i).save();
		}
		assertThat(ingestion.runIncremental(RunKind.MANUAL).status()).isEqualTo("SUCCEEDED");
	}

	SourceRows.Row run(String id, String user, String sql, long durationMs, long bytes, int offsetSeconds) {
		return source.row(id).text(sql).user(user).started(T0.plusSeconds(offsetSeconds))
			.set("total_duration_ms", durationMs).set("read_bytes", bytes);
	}

	String redacted(String statementId) {
		return jdbc.sql("""
				SELECT a.redacted_sql FROM query_history h
				JOIN statement_analysis a ON a.text_hash = h.text_hash AND a.analyzer_version = h.analyzer_version
				WHERE h.source = 'default' AND h.statement_id = :id""").param("id", statementId).query(String.class).single();
	}

	/** The query group of one statement's fingerprint, the user or the table named {@code key}. */
	JsonNode find(JsonNode items, String key) {
		String fingerprint = key.matches("q\\d+") ? jdbc.sql("""
				SELECT a.fingerprint FROM query_history h
				JOIN statement_analysis a ON a.text_hash = h.text_hash AND a.analyzer_version = h.analyzer_version
				WHERE h.source = 'default' AND h.statement_id = :id""").param("id", key).query(String.class).single() : null;
		for (JsonNode item : items) {
			if (fingerprint != null ? fingerprint.equals(item.path("fingerprint").asString())
					: key.equals(item.path("user").asString()) || key.equals(item.path("table").asString())) {
				return item;
			}
		}
		throw new AssertionError(key + " not in " + items);
	}

	List<String> rollups() {
		return jdbc.sql("""
				SELECT 'c|' || concat_ws('|', business_date, table_name, user_name, duration_ms, read_bytes) FROM read_cost_daily
				UNION ALL SELECT 't|' || concat_ws('|', business_date, table_name, duration_ms, read_bytes) FROM table_cost_daily
				UNION ALL SELECT 'u|' || concat_ws('|', business_date, user_name, duration_ms, read_bytes) FROM user_cost_daily
				UNION ALL SELECT 'r|' || concat_ws('|', business_date, table_name, other_table, statements, last_event)
				FROM co_read_daily
				UNION ALL SELECT 'd|' || concat_ws('|', business_date, table_name, reads, writes, users) FROM table_daily
				UNION ALL SELECT 'q|' || concat_ws('|', table_name, business_date, fingerprint, statements, timed,
				    total_duration_ms, read_bytes, min_duration_ms, max_duration_ms, first_run, last_run, example_statement_id,
				    runners, duration_buckets, bucket_statements)
				FROM table_query_daily
				ORDER BY 1""").query(String.class).list();
	}

	JsonNode get(String uri) {
		var response = api.get().uri(uri).retrieve().toEntity(JsonNode.class);
		assertThat(response.getStatusCode().value()).as(uri + ": " + response.getBody()).isEqualTo(200);
		return response.getBody();
	}

}
