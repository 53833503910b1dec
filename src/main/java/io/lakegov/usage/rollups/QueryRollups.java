package io.lakegov.usage.rollups;

import java.sql.Date;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import io.lakegov.usage.UsageFact;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;
import org.springframework.stereotype.Repository;

/**
 * Keeps {@code table_query_daily} (a table's statements per day and shape, who ran them through which
 * sources, and their durations' sketch) equal to what the facts, the newest history row of each statement
 * and its analysis say. Runs in the batch's transaction after the facts were replaced and the history rows
 * and analyses stored: the (day, table) pairs that lost facts are rebuilt, the others gain the batch's
 * statements, none of which they counted before.
 */
@Repository
class QueryRollups {

	/**
	 * Writes the rollup rows of the statements in {@code s(source, statement_id, table_name, business_date)},
	 * adding to the rows already there (statement ids are unique only within a source). The same definition
	 * as migration V21's backfill, whose rows it merges with: sums add up, runners and sketches are merged.
	 */
	static final String WRITE = """
			runs AS (
			    SELECT s.table_name, s.business_date, coalesce(a.fingerprint, '') AS fingerprint, h.source, h.statement_id,
			           ROW(coalesce(nullif(btrim(h.executed_by), ''), '(unknown)'), h.source_kind,
			               coalesce(h.source_id, ''))::query_runner AS runner,
			           coalesce(h.start_time, h.update_time) AS started, h.total_duration_ms AS duration, h.read_bytes,
			           h.text_hash, h.analyzer_version
			    FROM s
			    CROSS JOIN LATERAL (
			        SELECT h.source, h.statement_id, h.executed_by, h.source_kind, h.source_id, h.start_time, h.update_time,
			               h.total_duration_ms, h.read_bytes, h.text_hash, h.analyzer_version
			        FROM query_history h WHERE h.source = s.source AND h.statement_id = s.statement_id LIMIT 1) h
			    LEFT JOIN statement_analysis a ON a.text_hash = h.text_hash AND a.analyzer_version = h.analyzer_version),
			daily AS (
			    SELECT table_name, business_date, fingerprint, count(*) AS statements,
			           count(*) FILTER (WHERE duration >= 0) AS timed,
			           coalesce(sum(duration) FILTER (WHERE duration >= 0), 0) AS total_duration_ms,
			           coalesce(sum(read_bytes) FILTER (WHERE read_bytes >= 0), 0) AS read_bytes,
			           min(duration) FILTER (WHERE duration >= 0) AS min_duration_ms,
			           max(duration) FILTER (WHERE duration >= 0) AS max_duration_ms, min(started) AS first_run,
			           max(started) AS last_run,
			           (array_agg(source ORDER BY started DESC, statement_id DESC, source DESC))[1] AS example_source,
			           (array_agg(statement_id ORDER BY started DESC, statement_id DESC, source DESC))[1] AS example_statement_id,
			           (array_agg(text_hash ORDER BY started DESC, statement_id DESC, source DESC))[1] AS example_text_hash,
			           (array_agg(analyzer_version ORDER BY started DESC, statement_id DESC, source DESC))[1] AS example_version,
			           array_agg(DISTINCT runner ORDER BY runner) AS runners,
			           array_agg(query_duration_bucket(duration)) FILTER (WHERE duration >= 0) AS durations
			    FROM runs
			    GROUP BY table_name, business_date, fingerprint)
			INSERT INTO table_query_daily AS q (table_name, business_date, fingerprint, statements, timed, total_duration_ms,
			    read_bytes, min_duration_ms, max_duration_ms, first_run, last_run, example_source, example_statement_id,
			    example_text_hash, example_version, runners, duration_buckets, bucket_statements)
			SELECT d.table_name, d.business_date, d.fingerprint, d.statements, d.timed, d.total_duration_ms, d.read_bytes,
			       d.min_duration_ms, d.max_duration_ms, d.first_run, d.last_run, d.example_source, d.example_statement_id,
			       d.example_text_hash, d.example_version, d.runners, k.buckets, k.statements
			FROM daily d
			CROSS JOIN LATERAL (
			    SELECT coalesce(array_agg(b ORDER BY b), '{}') AS buckets, coalesce(array_agg(n ORDER BY b), '{}') AS statements
			    FROM (SELECT b, count(*) AS n FROM unnest(d.durations) AS b GROUP BY b) x) k
			ON CONFLICT (table_name, business_date, fingerprint) DO UPDATE SET
			    statements = q.statements + EXCLUDED.statements,
			    timed = q.timed + EXCLUDED.timed,
			    total_duration_ms = q.total_duration_ms + EXCLUDED.total_duration_ms,
			    read_bytes = q.read_bytes + EXCLUDED.read_bytes,
			    min_duration_ms = least(q.min_duration_ms, EXCLUDED.min_duration_ms),
			    max_duration_ms = greatest(q.max_duration_ms, EXCLUDED.max_duration_ms),
			    first_run = least(q.first_run, EXCLUDED.first_run),
			    last_run = greatest(q.last_run, EXCLUDED.last_run),
			    example_source = CASE WHEN (EXCLUDED.last_run, EXCLUDED.example_statement_id, EXCLUDED.example_source)
			        > (q.last_run, q.example_statement_id, q.example_source) THEN EXCLUDED.example_source ELSE q.example_source END,
			    example_statement_id = CASE WHEN (EXCLUDED.last_run, EXCLUDED.example_statement_id, EXCLUDED.example_source)
			        > (q.last_run, q.example_statement_id, q.example_source) THEN EXCLUDED.example_statement_id ELSE q.example_statement_id END,
			    example_text_hash = CASE WHEN (EXCLUDED.last_run, EXCLUDED.example_statement_id, EXCLUDED.example_source)
			        > (q.last_run, q.example_statement_id, q.example_source) THEN EXCLUDED.example_text_hash ELSE q.example_text_hash END,
			    example_version = CASE WHEN (EXCLUDED.last_run, EXCLUDED.example_statement_id, EXCLUDED.example_source)
			        > (q.last_run, q.example_statement_id, q.example_source) THEN EXCLUDED.example_version ELSE q.example_version END,
			    runners = query_runners_merge(q.runners, EXCLUDED.runners),
			    (duration_buckets, bucket_statements) = (SELECT m.buckets, m.statements FROM query_sketch_merge(
			        q.duration_buckets, q.bucket_statements, EXCLUDED.duration_buckets, EXCLUDED.bucket_statements) m)
			""";

	private final JdbcClient jdbc;

	QueryRollups(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/** Rebuilds the rows of the pairs from their facts (of every source). */
	void rebuild(DayTablePairs pairs) {
		pairs.delete(jdbc, "table_query_daily", "table_name");
		jdbc.sql("""
				WITH s AS (
				    SELECT DISTINCT f.source, f.statement_id, f.table_name, f.business_date
				    FROM rollup_pair t
				    JOIN table_access f ON f.table_name = t.table_name AND f.business_date = t.business_date
				        AND f.role IN ('READ', 'WRITE')),
				""" + WRITE)
			.update();
	}

}
