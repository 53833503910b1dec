package io.lakegov.reports;

import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.lakegov.usage.QuerySource;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import static io.lakegov.reports.TableUsageRepository.array;
import static io.lakegov.reports.TableUsageRepository.instant;
import static io.lakegov.reports.TableUsageRepository.strings;

/**
 * Readers of several (table, days) entries at once: the table itself over the window, and each view on it
 * over the days it reached the table. One round trip for the users, one for the sources of a page's users,
 * both from the rollups the direct readers come from.
 */
@Repository
class IndirectReadersRepository {

	private static final String REACH = """
			WITH reach AS (
			    SELECT r.table_name, CAST(r.from_date AS date) AS from_date, CAST(r.to_date AS date) AS to_date,
			           r.entry
			    FROM unnest(CAST(:tables AS text[]), CAST(:froms AS text[]), CAST(:tos AS text[]))
			         WITH ORDINALITY AS r (table_name, from_date, to_date, entry))
			""";

	private final JdbcClient jdbc;

	IndirectReadersRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/** Per entry (numbered from 1 in the given order) and user: the read statements. */
	List<EntryRow> readers(List<Entry> entries) {
		return jdbc.sql(REACH + """
				SELECT r.entry, t.user_name, sum(t.statements), sum(t.time_travel_statements), min(t.first_event),
				       max(t.last_event), sum(t.lineage_only_statements)
				FROM reach r
				JOIN table_user_daily t ON t.table_name = r.table_name AND t.role = 'READ'
				     AND t.business_date BETWEEN r.from_date AND r.to_date
				GROUP BY r.entry, t.user_name""")
			.param("tables", array("text", entries.stream().map(Entry::table).toArray(String[]::new)))
			.param("froms", array("text", entries.stream().map(e -> e.from().toString()).toArray(String[]::new)))
			.param("tos", array("text", entries.stream().map(e -> e.to().toString()).toArray(String[]::new)))
			.query((rs, n) -> new EntryRow(rs.getInt(1), rs.getString(2), rs.getLong(3), rs.getLong(4),
					instant(rs.getTimestamp(5)), instant(rs.getTimestamp(6)), rs.getLong(7)))
			.list();
	}

	/** Per entry and user of the given ones: the query sources of their reads. */
	Map<Integer, Map<String, List<QuerySource>>> sources(List<Entry> entries, List<String> users) {
		Map<Integer, Map<String, List<QuerySource>>> sources = new HashMap<>();
		if (users.isEmpty()) {
			return sources;
		}
		jdbc.sql(REACH + """
				SELECT r.entry, u.user_name, array_agg(DISTINCT u.source_kind || chr(31) || u.source_id)
				FROM reach r
				JOIN usage_daily u ON u.table_name = r.table_name AND u.role = 'READ'
				     AND u.business_date BETWEEN r.from_date AND r.to_date AND u.user_name = ANY(:users)
				GROUP BY r.entry, u.user_name""")
			.param("tables", array("text", entries.stream().map(Entry::table).toArray(String[]::new)))
			.param("froms", array("text", entries.stream().map(e -> e.from().toString()).toArray(String[]::new)))
			.param("tos", array("text", entries.stream().map(e -> e.to().toString()).toArray(String[]::new)))
			.param("users", array("text", users.toArray(String[]::new)))
			.query(rs -> {
				sources.computeIfAbsent(rs.getInt(1), entry -> new HashMap<>())
					.put(rs.getString(2), new ArrayList<>(TableUsageRepository.sources(strings(rs.getArray(3)))));
			});
		return sources;
	}

	/** A table or view and the days its readers count on. */
	record Entry(String table, LocalDate from, LocalDate to) {
	}

	record EntryRow(int entry, String user, long statements, long timeTravel, Instant first, Instant last,
			long lineageOnly) {
	}

}
