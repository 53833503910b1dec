package io.lakegov.impact;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.lakegov.usage.DateRange;
import org.jspecify.annotations.Nullable;

import org.springframework.jdbc.core.ResultSetExtractor;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;
import org.springframework.stereotype.Repository;

/** Reads the usage rollups an impact report is made of; never the facts themselves. */
@Repository
class ImpactRepository {

	/**
	 * Per role, one row per user (from {@code table_user_daily}) and one row per query source (from
	 * {@code table_source_daily}): neither pays for the other's dimension, which on a busy table multiplies
	 * the rows many times over. Then the top linked tables each way, numbered in order, and the latest read
	 * and write ever recorded. One statement, so one round trip, with plain branches: aggregating and
	 * capping users and sources here as well costs PostgreSQL more than sending their rows.
	 */
	private static final String USAGE = """
			SELECT 'USER' AS part, role, user_name AS name, NULL AS source_id, sum(statements) AS statements,
			       sum(time_travel_statements) AS time_travel, max(last_event) AS last_event,
			       NULL::bigint AS position, sum(lineage_only_statements) AS lineage_only
			FROM table_user_daily
			WHERE (table_name = :table OR (table_name = CAST(:former AS text) AND business_date <= CAST(:formerUntil AS date)))
			  AND business_date BETWEEN :from AND :to
			GROUP BY role, user_name
			UNION ALL
			SELECT 'SOURCE', role, source_kind, source_id, sum(statements), 0, max(last_event), NULL,
			       sum(lineage_only_statements)
			FROM table_source_daily
			WHERE (table_name = :table OR (table_name = CAST(:former AS text) AND business_date <= CAST(:formerUntil AS date)))
			  AND business_date BETWEEN :from AND :to
			GROUP BY role, source_kind, source_id
			UNION ALL
			SELECT 'DOWNSTREAM', NULL, linked, NULL, statements, 0, last_event,
			       row_number() OVER (ORDER BY statements DESC, linked), 0
			FROM (SELECT target_table AS linked, sum(statements) AS statements, max(last_event) AS last_event
			      FROM table_lineage_daily
			      WHERE (source_table = :table
			             OR (source_table = CAST(:former AS text) AND business_date <= CAST(:formerUntil AS date)))
			        AND business_date BETWEEN :from AND :to
			      GROUP BY target_table
			      ORDER BY sum(statements) DESC, target_table LIMIT :limit) downstream
			UNION ALL
			SELECT 'UPSTREAM', NULL, linked, NULL, statements, 0, last_event,
			       row_number() OVER (ORDER BY statements DESC, linked), 0
			FROM (SELECT source_table AS linked, sum(statements) AS statements, max(last_event) AS last_event
			      FROM table_lineage_daily
			      WHERE (target_table = :table
			             OR (target_table = CAST(:former AS text) AND business_date <= CAST(:formerUntil AS date)))
			        AND business_date BETWEEN :from AND :to
			      GROUP BY source_table
			      ORDER BY sum(statements) DESC, source_table LIMIT :limit) upstream
			UNION ALL
			SELECT 'LAST', access.role, NULL, NULL, NULL, NULL, max(access.last_event), NULL, 0
			FROM table_summary
			CROSS JOIN LATERAL (VALUES ('READ', last_read), ('WRITE', last_write)) AS access (role, last_event)
			WHERE table_name = :table
			   OR (table_name = CAST(:former AS text) AND access.last_event < CAST(:formerLeft AS timestamptz))
			GROUP BY access.role""";

	private final JdbcClient jdbc;

	ImpactRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/**
	 * The name a table had before a rename, which was this table's until it left it.
	 *
	 * @param name the former name
	 * @param left when the rename was seen (the catalog sync that found the new name)
	 * @param lastDay the business day of {@code left}: the former name's days up to it count
	 */
	record FormerName(String name, Instant left, LocalDate lastDay) {
	}

	/**
	 * What the window's usage part of a report is made of, over the table's name and the name it had before a
	 * rename, up to the rename (later reads of that name are another table's): the user and source rows, at most
	 * {@code limit} downstream and upstream tables (most statements first), and the latest read and write ever
	 * recorded.
	 */
	Usage usage(String table, @Nullable FormerName former, DateRange range, int limit) {
		return jdbc.sql(USAGE)
			.param("table", table)
			.param("former", former == null ? null : former.name())
			.param("formerUntil", former == null ? null : former.lastDay())
			.param("formerLeft", former == null ? null : Timestamp.from(former.left()))
			.param("from", range.from())
			.param("to", range.to())
			.param("limit", limit)
			.query((ResultSetExtractor<Usage>) ImpactRepository::usage);
	}

	/**
	 * The reads in the window of the table's names without its catalog ({@code schema.table}) and without its
	 * schema ({@code table}), which is how facts keep a name the analyser could not complete: per name and per
	 * user, most statements first. None for a name that is not {@code catalog.schema.table}.
	 */
	Unqualified unqualifiedReads(String table, DateRange range) {
		String[] parts = table.split("\\.", -1);
		if (parts.length != 3) {
			return new Unqualified(List.of(), List.of());
		}
		List<UnqualifiedRow> rows = jdbc.sql("""
				SELECT table_name, user_name, sum(statements), max(last_event), sum(time_travel_statements),
				       sum(lineage_only_statements)
				FROM table_user_daily
				WHERE table_name = ANY(:names) AND role = 'READ' AND business_date BETWEEN :from AND :to
				GROUP BY table_name, user_name""")
			.param("names", new SqlArrayValue("text", parts[1] + "." + parts[2], parts[2]))
			.param("from", range.from())
			.param("to", range.to())
			.query((rs, n) -> new UnqualifiedRow(rs.getString(1), new ImpactUser(rs.getString(2), rs.getLong(3),
					rs.getLong(6), rs.getLong(5), instant(rs.getTimestamp(4)))))
			.list();
		Map<String, LinkedTable> names = new TreeMap<>();
		Map<String, ImpactUser> readers = new TreeMap<>();
		for (UnqualifiedRow row : rows) {
			ImpactUser user = row.user();
			names.merge(row.name(), new LinkedTable(row.name(), user.statements(), user.last()),
					(a, b) -> new LinkedTable(a.table(), a.statements() + b.statements(), latest(a.last(), b.last())));
			readers.merge(user.user(), user, (a, b) -> new ImpactUser(a.user(), a.statements() + b.statements(),
					a.lineageOnly() + b.lineageOnly(), a.timeTravelStatements() + b.timeTravelStatements(),
					latest(a.last(), b.last())));
		}
		Comparator<LinkedTable> busiestName = Comparator.comparingLong(LinkedTable::statements).reversed();
		Comparator<ImpactUser> busiestUser = Comparator.comparingLong(ImpactUser::statements).reversed();
		return new Unqualified(names.values().stream().sorted(busiestName.thenComparing(LinkedTable::table)).toList(),
				readers.values().stream().sorted(busiestUser.thenComparing(ImpactUser::user)).toList());
	}

	private record UnqualifiedRow(String name, ImpactUser user) {
	}

	/** Reads of a table's names without catalog or schema: per name, and per user over all of them. */
	record Unqualified(List<LinkedTable> names, List<ImpactUser> readers) {

		long statements() {
			return names.stream().mapToLong(LinkedTable::statements).sum();
		}

	}

	private static Instant latest(Instant a, Instant b) {
		return a == null ? b : b == null ? a : a.isAfter(b) ? a : b;
	}

	private static Usage usage(ResultSet rows) throws SQLException {
		List<UsageRow> usageRows = new ArrayList<>();
		List<Linked> downstream = new ArrayList<>();
		List<Linked> upstream = new ArrayList<>();
		Instant lastRead = null;
		Instant lastWrite = null;
		while (rows.next()) {
			String role = rows.getString("role");
			Instant last = instant(rows.getTimestamp("last_event"));
			switch (rows.getString("part")) {
				case "USER" -> usageRows.add(new UsageRow(role, true, rows.getString("name"), null, null,
						rows.getLong("statements"), rows.getLong("time_travel"), last, rows.getLong("lineage_only")));
				case "SOURCE" -> usageRows.add(new UsageRow(role, false, null, rows.getString("name"),
						rows.getString("source_id"), rows.getLong("statements"), 0, last, rows.getLong("lineage_only")));
				case "DOWNSTREAM" -> downstream.add(linked(rows, last));
				case "UPSTREAM" -> upstream.add(linked(rows, last));
				case "LAST" -> {
					if ("READ".equals(role)) {
						lastRead = last;
					}
					else {
						lastWrite = last;
					}
				}
				default -> throw new IllegalStateException("Unexpected part " + rows.getString("part"));
			}
		}
		return new Usage(usageRows, inOrder(downstream), inOrder(upstream), lastRead, lastWrite);
	}

	private static Linked linked(ResultSet rows, Instant last) throws SQLException {
		return new Linked(rows.getLong("position"),
				new LinkedTable(rows.getString("name"), rows.getLong("statements"), last));
	}

	private static List<LinkedTable> inOrder(List<Linked> linked) {
		return linked.stream().sorted(Comparator.comparingLong(Linked::position)).map(Linked::table).toList();
	}

	private static Instant instant(Timestamp timestamp) {
		return timestamp == null ? null : timestamp.toInstant();
	}

	record Usage(List<UsageRow> rows, List<LinkedTable> downstream, List<LinkedTable> upstream, Instant lastRead,
			Instant lastWrite) {
	}

	record UsageRow(String role, boolean byUser, String user, String sourceKind, String sourceId, long statements,
			long timeTravel, Instant last, long lineageOnly) {
	}

	private record Linked(long position, LinkedTable table) {
	}

}
