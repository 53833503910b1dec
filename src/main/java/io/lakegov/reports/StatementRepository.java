package io.lakegov.reports;

import java.sql.Timestamp;
import java.time.ZoneId;
import java.util.List;

import io.lakegov.usage.DateRange;
import io.lakegov.usage.PageRequest;
import io.lakegov.usage.QuerySource;
import org.jspecify.annotations.Nullable;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import static io.lakegov.reports.TableUsageRepository.instant;

/**
 * History rows joined with their analysis: the redacted text, and {@code statement_text} only when the
 * caller may see raw SQL.
 */
@Repository
class StatementRepository {

	// a table filter goes through the facts' (table_name, business_date) index first: a busy
	// workspace has millions of statements in a month, a table only its own
	private static final String FILTER = """
			WHERE q.start_time >= :start AND q.start_time < :end
			  AND (CAST(:user AS text) IS NULL OR q.executed_by = :user)
			  AND (CAST(:source AS text) IS NULL OR q.source = :source)
			  AND (CAST(:status AS text) IS NULL OR q.analysis_status = :status)
			  AND (CAST(:table AS text) IS NULL OR (q.source, q.statement_id) IN (
			      SELECT f.source, f.statement_id FROM table_access f
			      WHERE f.table_name = :table AND f.business_date BETWEEN :from AND :to))""";

	private final JdbcClient jdbc;

	StatementRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	List<Counted<StatementEntry>> statements(@Nullable String table, @Nullable String user, @Nullable String source,
			@Nullable String status, DateRange range, ZoneId zone, PageRequest page, boolean rawSql) {
		return jdbc.sql("""
				SELECT q.statement_id, q.executed_by, q.start_time, q.end_time, q.execution_status,
				       q.total_duration_ms, q.source_kind, q.source_id, q.statement_type, q.analysis_status,
				       a.redacted_sql, count(*) OVER () AS total,
				       CASE WHEN :raw THEN q.statement_text END, q.statement_text IS NOT NULL OR q.text_hash IS NULL,
				       q.source, a.reason, a.stage
				FROM query_history q
				LEFT JOIN statement_analysis a ON a.text_hash = q.text_hash AND a.analyzer_version = q.analyzer_version
				""" + FILTER + """

				ORDER BY q.start_time DESC, q.source, q.statement_id
				LIMIT :limit OFFSET :offset""")
			.param("start", Timestamp.from(range.start(zone)))
			.param("end", Timestamp.from(range.endExclusive(zone)))
			.param("from", range.from())
			.param("to", range.to())
			.param("user", user)
			.param("table", table)
			.param("source", source)
			.param("status", status)
			.param("limit", page.size())
			.param("offset", page.offset())
			.param("raw", rawSql)
			.query((rs, n) -> new Counted<>(new StatementEntry(rs.getString(15), rs.getString(1), rs.getString(2),
					instant(rs.getTimestamp(3)), instant(rs.getTimestamp(4)), rs.getString(5),
					(Long) rs.getObject(6), new QuerySource(rs.getString(7), rs.getString(8)), rs.getString(9),
					rs.getString(10), reason(rs.getString(10), rs.getString(16)), stage(rs.getString(10), rs.getString(17)),
					rs.getString(11), rs.getString(13), rs.getBoolean(14)), rs.getLong(12)))
			.list();
	}

	/** Why the analyser did not understand all of the text; nothing for a text it understood. */
	private static @Nullable String reason(@Nullable String status, @Nullable String reason) {
		return "ANALYZED".equals(status) ? null : reason;
	}

	/** The analyser stage that gave the analysis of a text it did not understand in full. */
	private static @Nullable String stage(@Nullable String status, @Nullable String stage) {
		return "PARTIAL".equals(status) || "UNANALYZABLE".equals(status) ? stage : null;
	}

	long count(@Nullable String table, @Nullable String user, @Nullable String source, @Nullable String status,
			DateRange range, ZoneId zone) {
		return jdbc.sql("SELECT count(*) FROM query_history q\n" + FILTER)
			.param("start", Timestamp.from(range.start(zone)))
			.param("end", Timestamp.from(range.endExclusive(zone)))
			.param("from", range.from())
			.param("to", range.to())
			.param("user", user)
			.param("table", table)
			.param("source", source)
			.param("status", status)
			.query(Long.class)
			.single();
	}

}
