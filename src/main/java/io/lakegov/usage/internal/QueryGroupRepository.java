package io.lakegov.usage.internal;

import java.math.BigDecimal;
import java.util.List;

import io.lakegov.usage.DateRange;
import io.lakegov.usage.PageRequest;
import io.lakegov.usage.QuerySource;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import static io.lakegov.usage.internal.TableUsageRepository.instant;
import static io.lakegov.usage.internal.TableUsageRepository.sources;
import static io.lakegov.usage.internal.TableUsageRepository.strings;

/**
 * A table's statements grouped by fingerprint, from the rollup per day and shape
 * ({@code table_query_daily}): the window's rows are ranked on their exact figures, then only the page's
 * shapes' rows are read again by key for their runners (distinct users and sources), their duration
 * sketches (the 95th percentile) and their latest run (the example, whose redacted text comes from its
 * analysis).
 */
@Repository
class QueryGroupRepository {

	static final int MAX_SOURCES = 20;

	private final JdbcClient jdbc;

	QueryGroupRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	List<Counted<QueryGroup>> groups(String table, DateRange range, QuerySort sort, PageRequest page) {
		return jdbc.sql("""
				WITH g AS MATERIALIZED (
				    SELECT fingerprint, sum(statements) AS statements, sum(timed) AS timed, min(first_run) AS first_run,
				           max(last_run) AS last_run, sum(total_duration_ms) AS total_duration, sum(read_bytes) AS read_bytes,
				           min(min_duration_ms) AS min_duration, max(max_duration_ms) AS max_duration,
				           min(business_date) AS first_day, max(business_date) AS last_day, count(*) OVER () AS total
				    FROM table_query_daily
				    WHERE table_name = :table AND business_date BETWEEN :from AND :to
				    GROUP BY fingerprint
				    ORDER BY CASE :sort WHEN 'statements' THEN sum(statements) WHEN 'duration' THEN sum(total_duration_ms)
				                        WHEN 'bytes' THEN sum(read_bytes) END DESC,
				             CASE WHEN :sort = 'lastRun' THEN max(last_run) END DESC NULLS LAST,
				             sum(statements) DESC, nullif(fingerprint, '') NULLS LAST
				    LIMIT :limit OFFSET :offset),
				-- only the page's shapes from here on, their days' rows by key (materialized, so that no plan
				-- runs them once per shape or scans the window's rows again)
				days AS MATERIALIZED (
				    SELECT q.fingerprint, q.last_run, q.example_source, q.example_statement_id, q.example_text_hash,
				           q.example_version, q.runners, q.duration_buckets, q.bucket_statements
				    FROM g
				    CROSS JOIN LATERAL generate_series(g.first_day::timestamp, g.last_day::timestamp, interval '1 day') AS d(day)
				    -- one key lookup per (shape, day); LIMIT 1 (the key is unique) keeps the planner from turning
				    -- it into a scan of all the table's rows of the shape
				    JOIN LATERAL (SELECT * FROM table_query_daily q
				                  WHERE q.table_name = :table AND q.business_date = CAST(d.day AS date)
				                      AND q.fingerprint = g.fingerprint
				                  LIMIT 1) q ON true),
				examples AS MATERIALIZED (
				    SELECT DISTINCT ON (fingerprint) fingerprint, example_text_hash, example_version
				    FROM days
				    ORDER BY fingerprint, last_run DESC, example_statement_id DESC, example_source DESC),
				runners AS MATERIALIZED (
				    SELECT d.fingerprint, count(DISTINCT (r).user_name) AS users,
				           array_agg(DISTINCT (r).source_kind || chr(31) || (r).source_id
				                     ORDER BY (r).source_kind || chr(31) || (r).source_id) AS sources,
				           count(DISTINCT ((r).source_kind, (r).source_id)) AS source_count
				    FROM days d CROSS JOIN LATERAL unnest(d.runners) AS r
				    GROUP BY d.fingerprint),
				buckets AS MATERIALIZED (
				    SELECT d.fingerprint, x.bucket,
				           sum(sum(x.statements)) OVER (PARTITION BY d.fingerprint ORDER BY x.bucket) AS below
				    FROM days d CROSS JOIN LATERAL unnest(d.duration_buckets, d.bucket_statements) AS x(bucket, statements)
				    GROUP BY d.fingerprint, x.bucket),
				-- nearest rank: the first bucket holding the ceil(0.95 n)-th duration
				p95 AS MATERIALIZED (
				    SELECT DISTINCT ON (b.fingerprint) b.fingerprint, b.bucket
				    FROM buckets b JOIN g ON g.fingerprint = b.fingerprint
				    WHERE b.below >= ceil(0.95 * g.timed)
				    ORDER BY b.fingerprint, b.bucket)
				SELECT nullif(g.fingerprint, '') AS fingerprint, g.statements, r.users, r.sources, r.source_count, g.first_run,
				       g.last_run, g.total_duration,
				       least(greatest(query_duration_value(p.bucket), g.min_duration), g.max_duration) AS p95,
				       g.read_bytes, a.redacted_sql AS example, g.total
				FROM g
				JOIN runners r ON r.fingerprint = g.fingerprint
				JOIN examples e ON e.fingerprint = g.fingerprint
				LEFT JOIN p95 p ON p.fingerprint = g.fingerprint
				LEFT JOIN statement_analysis a ON a.text_hash = e.example_text_hash AND a.analyzer_version = e.example_version
				ORDER BY CASE :sort WHEN 'statements' THEN g.statements WHEN 'duration' THEN g.total_duration
				                    WHEN 'bytes' THEN g.read_bytes END DESC,
				         CASE WHEN :sort = 'lastRun' THEN g.last_run END DESC NULLS LAST,
				         g.statements DESC, nullif(g.fingerprint, '') NULLS LAST""")
			.param("table", table)
			.param("from", range.from())
			.param("to", range.to())
			.param("sort", sort.key)
			.param("limit", page.size())
			.param("offset", page.offset())
			.query((rs, n) -> new Counted<>(new QueryGroup(rs.getString("fingerprint"), rs.getLong("statements"),
					rs.getLong("users"), first(sources(strings(rs.getArray("sources")))), rs.getLong("source_count"),
					instant(rs.getTimestamp("first_run")), instant(rs.getTimestamp("last_run")),
					saturated(rs.getBigDecimal("total_duration")), (Long) rs.getObject("p95"),
					saturated(rs.getBigDecimal("read_bytes")), rs.getString("example")), rs.getLong("total")))
			.list();
	}

	long count(String table, DateRange range) {
		return jdbc.sql("""
				SELECT count(DISTINCT fingerprint) FROM table_query_daily
				WHERE table_name = :table AND business_date BETWEEN :from AND :to""")
			.param("table", table)
			.param("from", range.from())
			.param("to", range.to())
			.query(Long.class)
			.single();
	}

	private static List<QuerySource> first(List<QuerySource> sources) {
		return sources.size() > MAX_SOURCES ? List.copyOf(sources.subList(0, MAX_SOURCES)) : sources;
	}

	/** Sums of hostile values may pass the range of a long; the answer says the most it can. */
	static long saturated(BigDecimal value) {
		if (value == null) {
			return 0;
		}
		return value.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0 ? Long.MAX_VALUE : value.longValue();
	}

}
