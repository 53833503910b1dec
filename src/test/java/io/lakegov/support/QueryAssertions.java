package io.lakegov.support;

import org.springframework.jdbc.core.simple.JdbcClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Checks that the rollups of the statements behind a table's figures say exactly what a recomputation from
 * the facts, the statements' history rows and their analyses says, and that the p95 they give is within
 * the documented bound of the exact one.
 */
public final class QueryAssertions {

	/** Each statement on each (day, table) it read or wrote, with its history row's figures and its shape. */
	private static final String RUNS = """
			WITH runs AS (
			  SELECT s.table_name, s.business_date, coalesce(a.fingerprint, '') AS fingerprint, h.source, h.statement_id,
			         coalesce(nullif(btrim(h.executed_by), ''), '(unknown)') AS user_name, h.source_kind,
			         coalesce(h.source_id, '') AS source_id, coalesce(h.start_time, h.update_time) AS started,
			         h.total_duration_ms AS duration, h.read_bytes, h.text_hash, h.analyzer_version
			  FROM (SELECT DISTINCT source, statement_id, table_name, business_date FROM table_access
			        WHERE role IN ('READ', 'WRITE')) s
			  JOIN query_history h ON h.source = s.source AND h.statement_id = s.statement_id
			  LEFT JOIN statement_analysis a ON a.text_hash = h.text_hash AND a.analyzer_version = h.analyzer_version)
			""";

	private QueryAssertions() {
	}

	public static void assertQueriesMatchFacts(JdbcClient jdbc) {
		assertThat(difference(jdbc, RUNS + """
				, expected AS (
				  SELECT table_name, business_date, fingerprint, count(*) AS statements,
				         count(*) FILTER (WHERE duration >= 0) AS timed,
				         coalesce(sum(duration) FILTER (WHERE duration >= 0), 0) AS total_duration_ms,
				         coalesce(sum(read_bytes) FILTER (WHERE read_bytes >= 0), 0) AS read_bytes,
				         min(duration) FILTER (WHERE duration >= 0), max(duration) FILTER (WHERE duration >= 0),
				         min(started), max(started),
				         (SELECT r.source || '/' || r.statement_id FROM runs r
				          WHERE (r.table_name, r.business_date, r.fingerprint) = (x.table_name, x.business_date, x.fingerprint)
				          ORDER BY r.started DESC, r.statement_id DESC, r.source DESC LIMIT 1) AS example
				  FROM runs x GROUP BY table_name, business_date, fingerprint),
				actual AS (
				  SELECT table_name, business_date, fingerprint, statements, timed, total_duration_ms, read_bytes,
				         min_duration_ms, max_duration_ms, first_run, last_run, example_source || '/' || example_statement_id
				  FROM table_query_daily)"""))
			.as("table_query_daily rows differing from the facts").isZero();
		// every pair once (EXCEPT ALL: a pair kept twice in a row's array is a difference too)
		assertThat(difference(jdbc, RUNS + """
				, expected AS (SELECT DISTINCT table_name, business_date, fingerprint, user_name, source_kind, source_id
				               FROM runs),
				actual AS (SELECT q.table_name, q.business_date, q.fingerprint, r.user_name, r.source_kind, r.source_id
				           FROM table_query_daily q CROSS JOIN LATERAL unnest(q.runners) AS r)"""))
			.as("runners differing from the facts").isZero();
		assertThat(difference(jdbc, RUNS + """
				, expected AS (
				  SELECT table_name, business_date, fingerprint,
				         CASE WHEN duration = 0 THEN 0 ELSE floor(8 * ln(duration::float8) / ln(2::float8)) + 1 END AS bucket,
				         count(*) AS statements
				  FROM runs WHERE duration >= 0 GROUP BY 1, 2, 3, 4),
				actual AS (SELECT q.table_name, q.business_date, q.fingerprint, b.bucket, b.statements
				           FROM table_query_daily q
				           CROSS JOIN LATERAL unnest(q.duration_buckets, q.bucket_statements) AS b(bucket, statements))"""))
			.as("duration sketches differing from the facts").isZero();
		assertThat(jdbc.sql("""
				SELECT count(*) FROM table_query_daily q
				WHERE q.duration_buckets <> (SELECT coalesce(array_agg(b ORDER BY b), '{}') FROM unnest(q.duration_buckets) b)
				   OR q.runners <> (SELECT coalesce(array_agg(r ORDER BY r), '{}') FROM unnest(q.runners) r)""")
			.query(Long.class)
			.single()).as("runners or buckets out of order").isZero();
		assertThat(jdbc.sql("""
				SELECT count(*) FROM table_query_daily q
				LEFT JOIN query_history h ON h.source = q.example_source AND h.statement_id = q.example_statement_id
				WHERE h.text_hash IS DISTINCT FROM q.example_text_hash
				   OR h.analyzer_version IS DISTINCT FROM q.example_version""").query(Long.class).single())
			.as("examples whose text is not their statement's").isZero();
	}

	private static long difference(JdbcClient jdbc, String expectedAndActual) {
		return jdbc.sql(expectedAndActual + """

				SELECT count(*) FROM ((SELECT * FROM expected EXCEPT ALL SELECT * FROM actual)
				                      UNION ALL (SELECT * FROM actual EXCEPT ALL SELECT * FROM expected)) d""")
			.query(Long.class)
			.single();
	}

}
