package io.lakegov.archive.outbox;

import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import io.lakegov.archive.delta.ArchiveBatch;
import io.lakegov.archive.delta.ArchiveColumn;
import io.lakegov.archive.delta.ArchiveTables;
import io.lakegov.usage.BusinessDates;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Transactional;

/**
 * Reads what the store holds now of some statements of a source, as the archive's rows: their history rows
 * with their analyses, their usage facts and their column facts. Reads through views are added as accesses of
 * the tables the views reach ({@link ViewAccesses}).
 */
@Repository
class StoreDetail {

	/** How each history column of the archive is read from the store, where it is not the column of that name. */
	private static final Map<String, String> EXPRESSIONS = Map.ofEntries(Map.entry("compute", "h.compute::text"),
			Map.entry("query_source", "h.query_source::text"), Map.entry("query_parameters", "h.query_parameters::text"),
			Map.entry("query_tags", "h.query_tags::text"), Map.entry("extra_columns", "h.extra_columns::text"),
			Map.entry("business_date", "(coalesce(h.start_time, h.update_time) AT TIME ZONE :zone)::date"),
			Map.entry("analysis_reason", "a.reason"), Map.entry("statement_kind", "a.kind"),
			Map.entry("fingerprint", "a.fingerprint"), Map.entry("redacted_text", "a.redacted_sql"));

	private static final List<ArchiveColumn> HISTORY = ArchiveTables.HISTORY.subList(0,
			ArchiveTables.HISTORY.size() - 1);

	private static final String SELECT_HISTORY = "SELECT "
			+ HISTORY.stream()
				.map(column -> EXPRESSIONS.getOrDefault(column.name(), "h." + column.name()))
				.collect(Collectors.joining(", "))
			+ """

					FROM query_history h
					LEFT JOIN statement_analysis a ON a.text_hash = h.text_hash AND a.analyzer_version = h.analyzer_version
					WHERE h.source = :source AND h.statement_id = ANY(:ids)
					ORDER BY h.statement_id""";

	private final JdbcClient jdbc;

	private final BusinessDates dates;

	private final ViewAccesses views;

	StoreDetail(JdbcClient jdbc, BusinessDates dates, ViewAccesses views) {
		this.jdbc = jdbc;
		this.dates = dates;
		this.views = views;
	}

	/** The statements' rows, read in one snapshot of the store. */
	@Transactional(readOnly = true)
	ArchiveBatch load(String source, Collection<String> statements) {
		SqlArrayValue ids = new SqlArrayValue("text", statements.toArray());
		Set<LocalDate> days = new TreeSet<>();
		int dayColumn = HISTORY.indexOf(HISTORY.stream().filter(c -> c.name().equals("business_date")).findFirst().orElseThrow());
		List<List<Object>> history = jdbc.sql(SELECT_HISTORY)
			.param("zone", dates.zone().getId())
			.param("source", source)
			.param("ids", ids)
			.query((rs, n) -> row(rs, HISTORY))
			.list();
		history.forEach(row -> days.add((LocalDate) row.get(dayColumn)));
		List<Fact> facts = jdbc.sql("""
				SELECT statement_id, access_no, table_name, written_name, fully_qualified, role, statement_kind,
				       time_travel_kind, time_travel_value, time_travel_syntax, user_name, event_time, business_date,
				       source_kind, source_id, execution_status, witness
				FROM table_access WHERE source = :source AND statement_id = ANY(:ids)
				ORDER BY statement_id, access_no""")
			.param("source", source)
			.param("ids", ids)
			.query((rs, n) -> new Fact(rs.getString(1), rs.getInt(2), rs.getString(3), rs.getString(4),
					rs.getBoolean(5), rs.getString(6), rs.getString(7), rs.getString(8), rs.getString(9),
					rs.getString(10), rs.getString(11), rs.getTimestamp(12).toInstant(), rs.getObject(13, LocalDate.class),
					rs.getString(14), rs.getString(15), rs.getString(16), rs.getString(17)))
			.list();
		Map<String, List<List<Object>>> accesses = new HashMap<>();
		for (Fact fact : facts) {
			days.add(fact.businessDate());
			accesses.computeIfAbsent(fact.statementId(), id -> new ArrayList<>()).add(fact.row(source, null, null));
		}
		views.indirect(facts).forEach(reach -> accesses.get(reach.fact().statementId())
			.add(reach.fact().row(source, reach.table(), reach.path())));
		Map<String, List<List<Object>>> columns = new LinkedHashMap<>();
		jdbc.sql("""
				SELECT source, statement_id, table_name, column_name, role, resolution, candidates, user_name, event_time,
				       business_date, source_kind, source_id
				FROM column_access WHERE source = :source AND statement_id = ANY(:ids)
				ORDER BY statement_id, table_name, column_name, role, resolution""")
			.param("source", source)
			.param("ids", ids)
			.query((rs, n) -> row(rs, ArchiveTables.COLUMNS.subList(0, ArchiveTables.COLUMNS.size() - 1)))
			.list()
			.forEach(row -> {
				days.add((LocalDate) row.get(9));
				columns.computeIfAbsent((String) row.get(1), id -> new ArrayList<>()).add(row);
			});
		return new ArchiveBatch(source, Set.copyOf(statements), history, accesses, columns, days);
	}

	/** A row of values read by their archive types. */
	private static List<Object> row(ResultSet rs, List<ArchiveColumn> columns) throws SQLException {
		List<Object> row = new ArrayList<>(columns.size());
		for (int i = 0; i < columns.size(); i++) {
			row.add(value(rs, i + 1, columns.get(i).type()));
		}
		return row;
	}

	private static Object value(ResultSet rs, int index, String type) throws SQLException {
		Object value = switch (type) {
			case "BIGINT" -> rs.getLong(index);
			case "INT" -> rs.getInt(index);
			case "BOOLEAN" -> rs.getBoolean(index);
			case "TIMESTAMP" -> {
				Timestamp time = rs.getTimestamp(index);
				yield time == null ? null : time.toInstant();
			}
			case "DATE" -> rs.getObject(index, LocalDate.class);
			case "ARRAY<STRING>" -> {
				Array array = rs.getArray(index);
				yield array == null ? null : Arrays.asList((Object[]) array.getArray());
			}
			default -> rs.getString(index);
		};
		return rs.wasNull() ? null : value;
	}

}
