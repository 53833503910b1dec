package io.lakegov.reports.rankings;

import java.util.List;

import io.lakegov.reports.QueryGroupRepository;
import io.lakegov.reports.TableUsageRepository;
import io.lakegov.usage.DateRange;
import io.lakegov.usage.PageRequest;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import static io.lakegov.reports.QueryGroupRepository.saturated;
import static io.lakegov.reports.TableUsageRepository.instant;

/**
 * A schema's tables (from {@code table_summary} and the inventory, one row per table each) with their
 * figures from {@code table_daily} and {@code table_cost_daily}; the schema's totals are summed in the
 * same query, the distinct users of the page's tables only from {@code table_user_daily}.
 */
@Repository
class SchemaUsageRepository {

	private final JdbcClient jdbc;

	SchemaUsageRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/** A page of the schema's tables, each row with the schema's totals. */
	record Row(SchemaTable table, SchemaTotals totals) {
	}

	List<Row> tables(String schema, DateRange range, PageRequest page) {
		return jdbc.sql("""
				WITH names AS (
				    SELECT table_name FROM table_summary WHERE left(table_name, length(:prefix)) = :prefix
				    UNION
				    SELECT full_name FROM table_inventory WHERE valid_to IS NULL AND left(full_name, length(:prefix)) = :prefix),
				figures AS (
				    SELECT n.table_name, coalesce(sum(d.reads), 0) AS reads, coalesce(sum(d.writes), 0) AS writes,
				           coalesce(sum(d.time_travel_reads), 0) AS tt, max(d.last_read) AS last_read,
				           (SELECT coalesce(sum(c.duration_ms), 0) FROM table_cost_daily c
				            WHERE c.table_name = n.table_name AND c.business_date BETWEEN :from AND :to) AS duration,
				           (SELECT coalesce(sum(c.read_bytes), 0) FROM table_cost_daily c
				            WHERE c.table_name = n.table_name AND c.business_date BETWEEN :from AND :to) AS bytes
				    FROM names n
				    LEFT JOIN table_daily d ON d.table_name = n.table_name AND d.business_date BETWEEN :from AND :to
				    GROUP BY n.table_name),
				page AS (
				    SELECT f.*, count(*) OVER () AS tables, count(*) FILTER (WHERE f.reads + f.writes > 0) OVER () AS used,
				           sum(f.reads) OVER () AS all_reads, sum(f.writes) OVER () AS all_writes,
				           sum(f.tt) OVER () AS all_tt, sum(f.duration) OVER () AS all_duration,
				           sum(f.bytes) OVER () AS all_bytes
				    FROM figures f
				    ORDER BY f.reads DESC, f.writes DESC, f.table_name
				    LIMIT :limit OFFSET :offset)
				SELECT p.*,
				       (SELECT count(DISTINCT u.user_name) FROM table_user_daily u
				        WHERE u.table_name = p.table_name AND u.business_date BETWEEN :from AND :to
				          AND u.role IN ('READ', 'WRITE')) AS users
				FROM page p
				ORDER BY p.reads DESC, p.writes DESC, p.table_name""")
			.param("prefix", schema + ".")
			.param("from", range.from())
			.param("to", range.to())
			.param("limit", page.size())
			.param("offset", page.offset())
			.query((rs, n) -> new Row(
					new SchemaTable(rs.getString("table_name"), rs.getLong("reads"), rs.getLong("writes"), rs.getLong("tt"),
							rs.getLong("users"), saturated(rs.getBigDecimal("duration")), saturated(rs.getBigDecimal("bytes")),
							instant(rs.getTimestamp("last_read"))),
					new SchemaTotals(rs.getLong("tables"), rs.getLong("used"), saturated(rs.getBigDecimal("all_reads")),
							saturated(rs.getBigDecimal("all_writes")), saturated(rs.getBigDecimal("all_tt")),
							saturated(rs.getBigDecimal("all_duration")), saturated(rs.getBigDecimal("all_bytes")))))
			.list();
	}

	/** The totals alone, for a page past the last table. */
	SchemaTotals totals(String schema, DateRange range) {
		List<Row> first = tables(schema, range, new PageRequest(0, 1));
		return first.isEmpty() ? new SchemaTotals(0, 0, 0, 0, 0, 0, 0) : first.get(0).totals();
	}

}
