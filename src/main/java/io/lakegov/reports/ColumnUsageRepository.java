package io.lakegov.reports;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;

import io.lakegov.usage.DateRange;
import io.lakegov.usage.PageRequest;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** Column reads of a table, from the {@code column_daily} rollup and the column inventory. */
@Repository
class ColumnUsageRepository {

	private final JdbcClient jdbc;

	ColumnUsageRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	record ColumnRow(ColumnUsageReport.ColumnReads reads, long total) {
	}

	List<ColumnRow> reads(String table, DateRange range, PageRequest page) {
		// readers: per column and user first, which hashes where one count(DISTINCT) sorts every row; first
		// seen reaches before the window: the column's first days with a certain fact (a fact's day is its
		// start day in the business time zone; two days more cover a change of that zone)
		return jdbc.sql("""
				WITH page AS (
				    SELECT column_name, sum(reads) AS reads, count(*) AS readers, max(last_read) AS last_read,
				           count(*) OVER () AS total
				    FROM (SELECT column_name, user_name, sum(statements) AS reads, max(last_event) AS last_read
				          FROM column_daily
				          WHERE table_name = :table AND business_date BETWEEN :from AND :to AND role = 'READ'
				            AND resolution = 'RESOLVED'
				          GROUP BY column_name, user_name) per_user
				    GROUP BY column_name
				    ORDER BY reads DESC, column_name
				    LIMIT :limit OFFSET :offset)
				SELECT column_name, reads, readers, last_read, total,
				       (SELECT min(first_event) FROM column_daily f
				        WHERE f.table_name = :table AND f.column_name = page.column_name
				          AND f.resolution = 'RESOLVED'
				          AND f.business_date <= (SELECT min(g.business_date) + 2 FROM column_daily g
				                                  WHERE g.table_name = :table AND g.column_name = page.column_name
				                                    AND g.resolution = 'RESOLVED')) AS first_seen,
				       EXISTS (SELECT 1 FROM column_inventory i
				               WHERE i.table_name = :table AND i.column_name = page.column_name
				                 AND i.valid_to IS NULL) AS in_inventory
				FROM page
				ORDER BY reads DESC, column_name""")
			.param("table", table)
			.param("from", range.from())
			.param("to", range.to())
			.param("limit", page.size())
			.param("offset", page.offset())
			.query((rs, n) -> new ColumnRow(new ColumnUsageReport.ColumnReads(rs.getString("column_name"),
					rs.getLong("reads"), rs.getLong("readers"), instant(rs.getTimestamp("last_read")),
					instant(rs.getTimestamp("first_seen")), rs.getBoolean("in_inventory")), rs.getLong("total")))
			.list();
	}

	long readColumns(String table, DateRange range) {
		return jdbc.sql("""
				SELECT count(DISTINCT column_name) FROM column_daily
				WHERE table_name = :table AND business_date BETWEEN :from AND :to AND role = 'READ'
				  AND resolution = 'RESOLVED'""")
			.param("table", table)
			.param("from", range.from())
			.param("to", range.to())
			.query(Long.class)
			.single();
	}

	/** Current inventory columns without a certain read in the range, with their uncertain references. */
	List<ColumnUsageReport.UnreadColumn> unread(String table, DateRange range) {
		return jdbc.sql("""
				SELECT i.column_name,
				       coalesce((SELECT sum(d.statements) FROM column_daily d
				                 WHERE d.table_name = :table AND d.column_name = i.column_name
				                   AND d.business_date BETWEEN :from AND :to AND d.role = 'READ'
				                   AND d.resolution IN ('AMBIGUOUS', 'UNRESOLVED')), 0) AS uncertain
				FROM column_inventory i
				WHERE i.table_name = :table AND i.valid_to IS NULL
				  AND NOT EXISTS (SELECT 1 FROM column_daily d
				                  WHERE d.table_name = :table AND d.column_name = i.column_name
				                    AND d.business_date BETWEEN :from AND :to AND d.role = 'READ'
				                    AND d.resolution = 'RESOLVED')
				ORDER BY i.ordinal_position NULLS LAST, i.column_name""")
			.param("table", table)
			.param("from", range.from())
			.param("to", range.to())
			.query((rs, n) -> new ColumnUsageReport.UnreadColumn(rs.getString(1), rs.getLong(2)))
			.list();
	}

	int inventoryColumns(String table) {
		return jdbc.sql("SELECT count(*) FROM column_inventory WHERE table_name = :table AND valid_to IS NULL")
			.param("table", table)
			.query(Integer.class)
			.single();
	}

	ColumnUsageReport.Unattributed unattributed(String table, DateRange range) {
		return jdbc.sql("""
				SELECT coalesce(sum(statements) FILTER (WHERE resolution = 'AMBIGUOUS'), 0),
				       coalesce(sum(statements) FILTER (WHERE resolution = 'UNRESOLVED'), 0),
				       coalesce(sum(statements) FILTER (WHERE resolution = 'UNKNOWN'), 0)
				FROM column_daily
				WHERE table_name = :table AND business_date BETWEEN :from AND :to AND role = 'READ'
				  AND resolution <> 'RESOLVED'""")
			.param("table", table)
			.param("from", range.from())
			.param("to", range.to())
			.query((rs, n) -> new ColumnUsageReport.Unattributed(rs.getLong(1), rs.getLong(2), rs.getLong(3)))
			.single();
	}

	private static Instant instant(Timestamp timestamp) {
		return timestamp == null ? null : timestamp.toInstant();
	}

}
