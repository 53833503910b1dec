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
 * A table's statements grouped by fingerprint: the statements come from the table's facts of the window
 * (an index-only scan), their figures from their newest history rows, their shape and redacted text from
 * their analyses.
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
				WITH s AS (
				    SELECT DISTINCT source, statement_id FROM table_access
				    WHERE table_name = :table AND business_date BETWEEN :from AND :to AND role IN ('READ', 'WRITE')),
				runs AS (
				    SELECT a.fingerprint, h.statement_id, coalesce(nullif(btrim(h.executed_by), ''), '(unknown)') AS user_name,
				           h.source_kind || chr(31) || coalesce(h.source_id, '') AS source,
				           coalesce(h.start_time, h.update_time) AS started, h.total_duration_ms AS duration,
				           h.read_bytes, h.text_hash, h.analyzer_version
				    FROM s
				    JOIN query_history h ON h.source = s.source AND h.statement_id = s.statement_id
				    LEFT JOIN statement_analysis a ON a.text_hash = h.text_hash AND a.analyzer_version = h.analyzer_version),
				groups AS (
				    SELECT fingerprint, count(*) AS statements, count(DISTINCT user_name) AS users,
				           array_agg(DISTINCT source ORDER BY source) AS sources,
				           count(DISTINCT source) AS source_count, min(started) AS first_run, max(started) AS last_run,
				           coalesce(sum(duration) FILTER (WHERE duration >= 0), 0) AS total_duration,
				           percentile_disc(0.95) WITHIN GROUP (ORDER BY duration) FILTER (WHERE duration >= 0) AS p95,
				           coalesce(sum(read_bytes) FILTER (WHERE read_bytes >= 0), 0) AS read_bytes,
				           -- the latest run's text: only the page's examples are read from the analyses
				           (array_agg(text_hash ORDER BY started DESC, statement_id DESC))[1] AS example_hash,
				           (array_agg(analyzer_version ORDER BY started DESC, statement_id DESC))[1] AS example_version,
				           count(*) OVER () AS total
				    FROM runs
				    GROUP BY fingerprint
				    ORDER BY CASE :sort WHEN 'statements' THEN count(*)
				                        WHEN 'duration' THEN coalesce(sum(duration) FILTER (WHERE duration >= 0), 0)
				                        WHEN 'bytes' THEN coalesce(sum(read_bytes) FILTER (WHERE read_bytes >= 0), 0) END DESC,
				             CASE WHEN :sort = 'lastRun' THEN max(started) END DESC NULLS LAST,
				             count(*) DESC, fingerprint NULLS LAST
				    LIMIT :limit OFFSET :offset)
				SELECT g.fingerprint, g.statements, g.users, g.sources, g.source_count, g.first_run, g.last_run,
				       g.total_duration, g.p95, g.read_bytes, a.redacted_sql AS example, g.total
				FROM groups g
				LEFT JOIN statement_analysis a ON a.text_hash = g.example_hash AND a.analyzer_version = g.example_version
				ORDER BY CASE :sort WHEN 'statements' THEN g.statements WHEN 'duration' THEN g.total_duration
				                    WHEN 'bytes' THEN g.read_bytes END DESC,
				         CASE WHEN :sort = 'lastRun' THEN g.last_run END DESC NULLS LAST,
				         g.statements DESC, g.fingerprint NULLS LAST""")
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
				SELECT count(DISTINCT a.fingerprint) + (count(*) FILTER (WHERE a.fingerprint IS NULL) > 0)::int
				FROM (SELECT DISTINCT source, statement_id FROM table_access
				      WHERE table_name = :table AND business_date BETWEEN :from AND :to AND role IN ('READ', 'WRITE')) s
				JOIN query_history h ON h.source = s.source AND h.statement_id = s.statement_id
				LEFT JOIN statement_analysis a ON a.text_hash = h.text_hash AND a.analyzer_version = h.analyzer_version""")
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
