package io.lakegov.impact;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import io.lakegov.usage.DateRange;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;
import org.springframework.stereotype.Repository;

/** What the column facts and their rollup say about one column. */
@Repository
class ColumnImpactRepository {

	/** Statement kinds that define a view: their written table is a view of what they read. */
	static final List<String> VIEW_KINDS = List.of("CREATE_VIEW", "ALTER_VIEW", "CREATE_MATERIALIZED_VIEW",
			"CREATE_METRIC_VIEW");

	private final JdbcClient jdbc;

	ColumnImpactRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	record UserRow(String role, String user, long statements, Instant last) {
	}

	record SourceRow(String kind, String id, String role, long statements, Instant last) {
	}

	record Uncertain(long references, long unknownStatements) {
	}

	List<UserRow> users(String table, String column, DateRange window) {
		return jdbc.sql("""
				SELECT role, user_name, sum(statements), max(last_event) FROM column_daily
				WHERE table_name = :table AND column_name = :column AND business_date BETWEEN :from AND :to
				  AND resolution = 'RESOLVED'
				GROUP BY role, user_name""")
			.params(params(table, column, window))
			.query((rs, n) -> new UserRow(rs.getString(1), rs.getString(2), rs.getLong(3), instant(rs.getTimestamp(4))))
			.list();
	}

	List<SourceRow> sources(String table, String column, DateRange window) {
		return jdbc.sql("""
				SELECT source_kind, source_id, role, count(*), max(event_time) FROM column_access
				WHERE table_name = :table AND column_name = :column AND business_date BETWEEN :from AND :to
				  AND resolution = 'RESOLVED'
				GROUP BY source_kind, source_id, role""")
			.params(params(table, column, window))
			.query((rs, n) -> new SourceRow(rs.getString(1), rs.getString(2), rs.getString(3), rs.getLong(4),
					instant(rs.getTimestamp(5))))
			.list();
	}

	/** Tables written by statements that read the column in the window (views apart), busiest first. */
	List<LinkedTable> downstream(String table, String column, DateRange window, int limit) {
		return jdbc.sql("""
				SELECT w.table_name, count(DISTINCT (r.source, r.statement_id)) AS statements, max(r.event_time)
				FROM column_access r
				JOIN table_access w ON w.source = r.source AND w.statement_id = r.statement_id AND w.role = 'WRITE'
				    AND w.table_name <> r.table_name
				WHERE r.table_name = :table AND r.column_name = :column AND r.role = 'READ'
				  AND r.resolution = 'RESOLVED' AND r.business_date BETWEEN :from AND :to
				  AND (w.statement_kind IS NULL OR w.statement_kind <> ALL(:views))
				GROUP BY w.table_name
				ORDER BY statements DESC, w.table_name
				LIMIT :limit""")
			.params(params(table, column, window))
			.param("views", new SqlArrayValue("text", VIEW_KINDS.toArray()))
			.param("limit", limit)
			.query((rs, n) -> new LinkedTable(rs.getString(1), rs.getLong(2), instant(rs.getTimestamp(3))))
			.list();
	}

	/** Views whose latest definition seen reads the column, at any time. */
	List<ColumnImpactReport.View> views(String table, String column, int limit) {
		return jdbc.sql("""
				WITH defined_on AS (
				    SELECT DISTINCT w.table_name FROM column_access r
				    JOIN table_access w ON w.source = r.source AND w.statement_id = r.statement_id AND w.role = 'WRITE'
				    WHERE r.table_name = :table AND r.column_name = :column AND r.role = 'READ'
				      AND r.resolution = 'RESOLVED' AND w.statement_kind = ANY(:views)),
				latest AS (
				    SELECT DISTINCT ON (w.table_name) w.table_name, w.source, w.statement_id, w.event_time
				    FROM defined_on d JOIN table_access w ON w.table_name = d.table_name
				    WHERE w.role = 'WRITE' AND w.statement_kind = ANY(:views)
				    ORDER BY w.table_name, w.event_time DESC, w.statement_id DESC, w.source DESC)
				SELECT l.table_name, l.event_time FROM latest l
				WHERE EXISTS (SELECT 1 FROM column_access r
				              WHERE r.source = l.source AND r.statement_id = l.statement_id AND r.table_name = :table
				                AND r.column_name = :column AND r.role = 'READ' AND r.resolution = 'RESOLVED')
				ORDER BY l.table_name
				LIMIT :limit""")
			.param("table", table)
			.param("column", column)
			.param("views", new SqlArrayValue("text", VIEW_KINDS.toArray()))
			.param("limit", limit)
			.query((rs, n) -> new ColumnImpactReport.View(rs.getString(1), instant(rs.getTimestamp(2))))
			.list();
	}

	Uncertain uncertain(String table, String column, DateRange window) {
		return jdbc.sql("""
				SELECT coalesce(sum(statements) FILTER (WHERE resolution <> 'UNKNOWN'), 0),
				       coalesce(sum(statements) FILTER (WHERE resolution = 'UNKNOWN'), 0)
				FROM column_daily
				WHERE table_name = :table AND business_date BETWEEN :from AND :to
				  AND (column_name = :column AND resolution IN ('AMBIGUOUS', 'UNRESOLVED')
				       OR column_name = '*' AND resolution = 'UNRESOLVED' OR resolution = 'UNKNOWN')""")
			.params(params(table, column, window))
			.query((rs, n) -> new Uncertain(rs.getLong(1), rs.getLong(2)))
			.single();
	}

	/** The latest certain read and write ever recorded. */
	Instant last(String table, String column, String role) {
		return jdbc.sql("""
				SELECT max(last_event) FROM column_daily
				WHERE table_name = :table AND column_name = :column AND role = :role AND resolution = 'RESOLVED'""")
			.param("table", table)
			.param("column", column)
			.param("role", role)
			.query((rs, n) -> instant(rs.getTimestamp(1)))
			.list()
			.get(0);
	}

	/** Whether the inventory lists the column now; null when it lists no column of the table. */
	Boolean inInventory(String table, String column) {
		return jdbc.sql("""
				SELECT CASE WHEN count(*) = 0 THEN NULL ELSE bool_or(column_name = :column) END
				FROM column_inventory WHERE table_name = :table AND valid_to IS NULL""")
			.param("table", table)
			.param("column", column)
			.query((rs, n) -> (Boolean) rs.getObject(1))
			.list()
			.get(0);
	}

	private static Map<String, Object> params(String table, String column, DateRange window) {
		return Map.of("table", table, "column", column, "from", window.from(), "to", window.to());
	}

	private static Instant instant(Timestamp timestamp) {
		return timestamp == null ? null : timestamp.toInstant();
	}

}
