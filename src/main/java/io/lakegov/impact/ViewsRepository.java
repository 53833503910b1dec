package io.lakegov.impact;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;

import io.lakegov.views.ReachSegment;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;
import org.springframework.stereotype.Repository;

/**
 * Reads of the views on a table, each view over the days it reached the table: per user from
 * {@code table_user_daily} and per query source kind from {@code table_source_daily}, in one round trip.
 */
@Repository
class ViewsRepository {

	private final JdbcClient jdbc;

	ViewsRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/** Rows per segment (numbered from 1 in the given order): users, then source kinds. */
	List<Row> reads(List<ReachSegment> segments) {
		return jdbc.sql("""
				WITH reach AS (
				    SELECT r.table_name, CAST(r.from_date AS date) AS from_date, CAST(r.to_date AS date) AS to_date,
				           r.entry
				    FROM unnest(CAST(:tables AS text[]), CAST(:froms AS text[]), CAST(:tos AS text[]))
				         WITH ORDINALITY AS r (table_name, from_date, to_date, entry))
				SELECT true AS by_user, r.entry, t.user_name AS name, sum(t.statements) AS statements,
				       max(t.last_event) AS last_event
				FROM reach r
				JOIN table_user_daily t ON t.table_name = r.table_name AND t.role = 'READ'
				     AND t.business_date BETWEEN r.from_date AND r.to_date
				GROUP BY r.entry, t.user_name
				UNION ALL
				SELECT false, r.entry, s.source_kind, sum(s.statements), max(s.last_event)
				FROM reach r
				JOIN table_source_daily s ON s.table_name = r.table_name AND s.role = 'READ'
				     AND s.business_date BETWEEN r.from_date AND r.to_date
				GROUP BY r.entry, s.source_kind""")
			.param("tables", new SqlArrayValue("text", segments.stream().map(ReachSegment::view).toArray()))
			.param("froms", new SqlArrayValue("text", segments.stream().map(s -> s.from().toString()).toArray()))
			.param("tos", new SqlArrayValue("text", segments.stream().map(s -> s.to().toString()).toArray()))
			.query((rs, n) -> new Row(rs.getBoolean(1), rs.getInt(2), rs.getString(3), rs.getLong(4),
					instant(rs.getTimestamp(5))))
			.list();
	}

	private static Instant instant(Timestamp timestamp) {
		return timestamp == null ? null : timestamp.toInstant();
	}

	/** A user's ({@code byUser}) or a query source kind's reads of one segment's view. */
	record Row(boolean byUser, int entry, String name, long statements, Instant last) {
	}

}
