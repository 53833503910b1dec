package io.lakegov.reports;

import java.util.List;

import io.lakegov.usage.DateRange;
import io.lakegov.usage.PageRequest;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import static io.lakegov.reports.TableUsageRepository.instant;

/** Tables read together, from {@code co_read_daily}: one range scan of the table's rows of the window. */
@Repository
class RelatedTableRepository {

	private final JdbcClient jdbc;

	RelatedTableRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	List<Counted<RelatedTable>> related(String table, DateRange range, PageRequest page) {
		return jdbc.sql("""
				SELECT other_table, sum(statements) AS statements, max(last_event) AS last_event, count(*) OVER () AS total
				FROM co_read_daily
				WHERE table_name = :table AND business_date BETWEEN :from AND :to
				GROUP BY other_table
				ORDER BY statements DESC, other_table
				LIMIT :limit OFFSET :offset""")
			.param("table", table)
			.param("from", range.from())
			.param("to", range.to())
			.param("limit", page.size())
			.param("offset", page.offset())
			.query((rs, n) -> new Counted<>(new RelatedTable(rs.getString(1), rs.getLong(2), instant(rs.getTimestamp(3))),
					rs.getLong(4)))
			.list();
	}

	long count(String table, DateRange range) {
		return jdbc.sql("""
				SELECT count(DISTINCT other_table) FROM co_read_daily
				WHERE table_name = :table AND business_date BETWEEN :from AND :to""")
			.param("table", table)
			.param("from", range.from())
			.param("to", range.to())
			.query(Long.class)
			.single();
	}

	/** Statements that read the table in the range, from {@code table_daily}. */
	long reads(String table, DateRange range) {
		return jdbc.sql("""
				SELECT coalesce(sum(reads), 0) FROM table_daily
				WHERE table_name = :table AND business_date BETWEEN :from AND :to""")
			.param("table", table)
			.param("from", range.from())
			.param("to", range.to())
			.query(Long.class)
			.single();
	}

}
