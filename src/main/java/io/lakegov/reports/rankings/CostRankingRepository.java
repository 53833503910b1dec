package io.lakegov.reports.rankings;

import java.util.List;

import io.lakegov.reports.QueryGroupRepository;
import io.lakegov.usage.DateRange;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import static io.lakegov.reports.QueryGroupRepository.saturated;

/**
 * Tables and users ranked by what their reads cost ({@code duration} or {@code bytes}), from
 * {@code table_cost_daily} and {@code user_cost_daily}; the counts of the chosen ones only from the
 * other rollups.
 */
@Repository
class CostRankingRepository {

	private final JdbcClient jdbc;

	CostRankingRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	List<TableRank> tables(DateRange range, String by, int limit) {
		return jdbc.sql("""
				WITH ranked AS (
				    SELECT table_name, sum(duration_ms) AS duration, sum(read_bytes) AS bytes
				    FROM table_cost_daily
				    WHERE business_date BETWEEN :from AND :to
				    GROUP BY table_name
				    ORDER BY CASE WHEN :by = 'duration' THEN sum(duration_ms) ELSE sum(read_bytes) END DESC, table_name
				    LIMIT :limit)
				SELECT r.table_name, d.reads, d.writes, d.tt, d.lineage_only, r.duration, r.bytes
				FROM ranked r
				LEFT JOIN LATERAL (SELECT sum(x.reads) AS reads, sum(x.writes) AS writes, sum(x.time_travel_reads) AS tt,
				                          sum(x.lineage_only_reads) AS lineage_only
				                   FROM table_daily x
				                   WHERE x.table_name = r.table_name AND x.business_date BETWEEN :from AND :to) d ON true
				ORDER BY CASE WHEN :by = 'duration' THEN r.duration ELSE r.bytes END DESC, r.table_name""")
			.param("from", range.from())
			.param("to", range.to())
			.param("by", by)
			.param("limit", limit)
			.query((rs, n) -> new TableRank(rs.getString(1), rs.getLong(2), rs.getLong(3), rs.getLong(4), rs.getLong(5),
					null, saturated(rs.getBigDecimal(6)), saturated(rs.getBigDecimal(7))))
			.list();
	}

	List<UserRank> users(DateRange range, String by, int limit) {
		return jdbc.sql("""
				WITH ranked AS (
				    SELECT user_name, sum(duration_ms) AS duration, sum(read_bytes) AS bytes
				    FROM user_cost_daily
				    WHERE business_date BETWEEN :from AND :to
				    GROUP BY user_name
				    ORDER BY CASE WHEN :by = 'duration' THEN sum(duration_ms) ELSE sum(read_bytes) END DESC, user_name
				    LIMIT :limit),
				accesses AS (
				    SELECT user_name, sum(reads) AS reads, sum(writes) AS writes, sum(lineage_only) AS lineage_only
				    FROM user_daily
				    WHERE business_date BETWEEN :from AND :to AND user_name IN (SELECT user_name FROM ranked)
				    GROUP BY user_name)
				SELECT r.user_name, a.reads, a.writes, a.lineage_only,
				       (SELECT count(DISTINCT t.table_name) FROM table_user_daily t
				        WHERE t.user_name = r.user_name AND t.business_date BETWEEN :from AND :to
				          AND t.role IN ('READ', 'WRITE')) AS tables,
				       r.duration, r.bytes
				FROM ranked r
				LEFT JOIN accesses a ON a.user_name = r.user_name
				ORDER BY CASE WHEN :by = 'duration' THEN r.duration ELSE r.bytes END DESC, r.user_name""")
			.param("from", range.from())
			.param("to", range.to())
			.param("by", by)
			.param("limit", limit)
			.query((rs, n) -> new UserRank(rs.getString(1), rs.getLong(2), rs.getLong(3), rs.getLong(4), rs.getLong(5),
					saturated(rs.getBigDecimal(6)), saturated(rs.getBigDecimal(7))))
			.list();
	}

}
