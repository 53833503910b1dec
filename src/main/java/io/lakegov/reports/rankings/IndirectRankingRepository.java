package io.lakegov.reports.rankings;

import java.time.LocalDate;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.lakegov.reports.QueryGroupRepository;
import io.lakegov.reports.TableUsageRepository;
import io.lakegov.usage.DateRange;
import io.lakegov.views.ViewOverlaps;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import static io.lakegov.reports.QueryGroupRepository.saturated;
import static io.lakegov.reports.TableUsageRepository.array;

/** The figures of tables reached through views, for rankings with indirect reads. */
@Repository
public class IndirectRankingRepository {

	private static final String REACH = """
			WITH reach AS (
			    SELECT r.base, r.table_name, CAST(r.from_date AS date) AS from_date, CAST(r.to_date AS date) AS to_date
			    FROM unnest(CAST(:bases AS text[]), CAST(:tables AS text[]), CAST(:froms AS text[]),
			                CAST(:tos AS text[])) AS r (base, table_name, from_date, to_date))
			""";

	private final JdbcClient jdbc;

	IndirectRankingRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/** The direct figures of the given tables over the range, with their read cost (no users). */
	List<TableRank> direct(List<String> tables, DateRange range) {
		return jdbc.sql("""
				WITH direct AS (
				    SELECT table_name, sum(reads) AS reads, sum(writes) AS writes, sum(time_travel_reads) AS tt,
				           sum(lineage_only_reads) AS lineage_only
				    FROM table_daily
				    WHERE table_name = ANY(:tables) AND business_date BETWEEN :from AND :to
				    GROUP BY table_name)
				SELECT r.table_name, r.reads, r.writes, r.tt, r.lineage_only, c.duration, c.bytes
				FROM direct r
				""" + RankingRepository.TABLE_COST)
			.param("tables", array("text", tables.toArray(String[]::new)))
			.param("from", range.from())
			.param("to", range.to())
			.query((rs, n) -> new TableRank(rs.getString(1), rs.getLong(2), rs.getLong(3), rs.getLong(4), rs.getLong(5),
					null, saturated(rs.getBigDecimal(6)), saturated(rs.getBigDecimal(7))))
			.list();
	}

	/** Per base table: the distinct readers of its entries (give the table itself as one of them). */
	Map<String, Long> users(List<Entry> entries) {
		Map<String, Long> users = new HashMap<>();
		bind(jdbc.sql(REACH + """
				SELECT r.base, count(DISTINCT t.user_name)
				FROM reach r
				JOIN table_user_daily t ON t.table_name = r.table_name AND t.role = 'READ'
				     AND t.business_date BETWEEN r.from_date AND r.to_date
				GROUP BY r.base"""), entries).query(rs -> {
					users.put(rs.getString(1), rs.getLong(2));
				});
		return users;
	}

	private static JdbcClient.StatementSpec bind(JdbcClient.StatementSpec statement, List<Entry> entries) {
		return statement.param("bases", array("text", entries.stream().map(Entry::base).toArray(String[]::new)))
			.param("tables", array("text", entries.stream().map(Entry::table).toArray(String[]::new)))
			.param("froms", array("text", entries.stream().map(e -> e.from().toString()).toArray(String[]::new)))
			.param("tos", array("text", entries.stream().map(e -> e.to().toString()).toArray(String[]::new)));
	}

	/** A table or view whose reads count for {@code base} on the days from and to. */
	public record Entry(String base, String table, LocalDate from, LocalDate to) {
	}

	/** The entries as the view overlaps take them. */
	public static List<ViewOverlaps.Entry> reaches(List<Entry> entries) {
		return entries.stream().map(e -> new ViewOverlaps.Entry(e.base(), e.table(), e.from(), e.to())).toList();
	}

}
