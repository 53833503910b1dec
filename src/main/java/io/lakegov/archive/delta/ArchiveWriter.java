package io.lakegov.archive.delta;

import java.sql.SQLException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Writes a batch of statements into a source's archive, so that afterwards the archive holds for them exactly
 * what the batch holds, however often it is written and whatever was written before:
 * <ul>
 * <li>{@code query_history}: one MERGE keyed on (source, statement_id) that inserts new statements and
 * changes known ones in place (never a row older than the archive's, by {@code last_changed_at});</li>
 * <li>{@code table_access} and {@code column_access}: one MERGE per table that inserts and updates the
 * statements' rows and deletes, in the same atomic MERGE ({@code WHEN NOT MATCHED BY SOURCE}), the rows of
 * these statements the batch no longer has;</li>
 * <li>{@code table_usage_daily}: every (source, day) the statements' rows had or have is computed again
 * from {@code table_access} in one MERGE, which deletes the rows no access supports any more.</li>
 * </ul>
 * A statement text larger than {@code maxStatementChars} is split, at statement boundaries, into several
 * MERGEs. A failure part way leaves a state that writing the batch again repairs.
 * <p>
 * Under detail retention, rows of closed business days are deleted only for statements the store still holds
 * (those it keeps, and those not yet shed): a statement it lacks there was shed, not removed, and the archive
 * is where it lives on.
 */
public final class ArchiveWriter {

	/** Where a history row holds its statement id. */
	private static final int HISTORY_STATEMENT_ID = ArchiveTables.HISTORY.indexOf(ArchiveTables.STATEMENT_ID);

	private final int maxStatementChars;

	public ArchiveWriter(int maxStatementChars) {
		this.maxStatementChars = maxStatementChars;
	}

	/** Writes the batch into the schema's tables, deleting nothing before {@code closedBefore} if given. */
	public void write(Warehouse warehouse, ArchiveSchema schema, ArchiveBatch batch, Optional<LocalDate> closedBefore)
			throws SQLException {
		if (batch.statements().isEmpty()) {
			return;
		}
		Set<LocalDate> days = new TreeSet<>(batch.days());
		days.addAll(archivedDays(warehouse, schema, batch));
		List<String> statements = new ArrayList<>();
		for (List<List<Object>> chunk : chunks(batch.history())) {
			statements.add(mergeHistory(schema, chunk));
		}
		Set<String> held = new HashSet<>();
		batch.history().forEach(row -> held.add((String) row.get(HISTORY_STATEMENT_ID)));
		Function<List<String>, String> open = ids -> closedBefore.map(day -> openScope(day, ids, held)).orElse("");
		statements.addAll(replace(schema, ArchiveTables.TABLE_ACCESS, ArchiveTables.ACCESS, batch, batch.accesses(),
				days, open, "t.access_no = s.access_no AND t.table_name = s.table_name AND t.view_path <=> s.view_path "
						+ "AND t.role = s.role"));
		statements.addAll(replace(schema, ArchiveTables.COLUMN_ACCESS, ArchiveTables.COLUMNS, batch, batch.columns(),
				days, open, "t.table_name = s.table_name AND t.column_name = s.column_name AND t.role = s.role "
						+ "AND t.resolution = s.resolution"));
		if (!days.isEmpty()) {
			statements.add(usage(schema, batch.source(), days));
		}
		warehouse.execute(statements);
	}

	/**
	 * What a chunk may delete under detail retention: rows of open days, and any row of a statement the store
	 * still holds (its facts are whole there, closed days included); a statement the store lacks was shed, and
	 * its closed days' rows live on in the archive only.
	 */
	private static String openScope(LocalDate closedBefore, List<String> ids, Set<String> held) {
		List<String> kept = ids.stream().filter(held::contains).toList();
		if (kept.size() == ids.size()) {
			return "";
		}
		String open = "t.business_date >= " + SparkLiterals.of(closedBefore);
		return kept.isEmpty() ? " AND " + open
				: " AND (" + open + " OR t.statement_id IN (" + SparkLiterals.list(kept) + "))";
	}

	/** The days the archive holds rows of the batch's statements on (a statement's day can only move with them). */
	private static Set<LocalDate> archivedDays(Warehouse warehouse, ArchiveSchema schema, ArchiveBatch batch)
			throws SQLException {
		String scope = " WHERE source = " + SparkLiterals.text(batch.source()) + " AND statement_id IN ("
				+ SparkLiterals.list(batch.statements()) + ")";
		return new TreeSet<>(warehouse.query("SELECT DISTINCT business_date FROM "
				+ schema.table(ArchiveTables.TABLE_ACCESS) + scope + " UNION SELECT DISTINCT business_date FROM "
				+ schema.table(ArchiveTables.COLUMN_ACCESS) + scope, rs -> rs.getObject(1, LocalDate.class)));
	}

	private static String mergeHistory(ArchiveSchema schema, List<List<Object>> rows) {
		List<ArchiveColumn> columns = ArchiveTables.HISTORY;
		return "MERGE INTO " + schema.table(ArchiveTables.QUERY_HISTORY) + " AS t USING (" + values(columns, rows)
				+ ") AS s ON t.source = s.source AND t.statement_id = s.statement_id"
				+ " WHEN MATCHED AND s.last_changed_at >= t.last_changed_at THEN UPDATE SET " + assignments(columns)
				+ " WHEN NOT MATCHED THEN INSERT (" + ArchiveTables.names(columns) + ") VALUES (" + sourceNames(columns)
				+ ")";
	}

	/**
	 * The statements that make the table hold exactly the given rows of the batch's statements: a MERGE per
	 * chunk of statements, or a DELETE for a chunk whose statements have no rows at all.
	 */
	private List<String> replace(ArchiveSchema schema, String table, List<ArchiveColumn> columns, ArchiveBatch batch,
			Map<String, List<List<Object>>> rows, Set<LocalDate> days, Function<List<String>, String> open, String key) {
		String target = schema.table(table);
		String dayScope = days.isEmpty() ? "" : " AND t.business_date IN (" + SparkLiterals.list(days) + ")";
		List<String> statements = new ArrayList<>();
		List<String> ids = new ArrayList<>();
		List<List<Object>> chunk = new ArrayList<>();
		int size = 0;
		for (String statement : new TreeSet<>(batch.statements())) {
			List<List<Object>> own = rows.getOrDefault(statement, List.of());
			int added = statement.length() + own.stream().mapToInt(ArchiveWriter::estimate).sum();
			if (!ids.isEmpty() && size + added > maxStatementChars) {
				statements.add(replaceChunk(target, columns, batch.source(), ids, chunk, dayScope, open.apply(ids), key));
				ids = new ArrayList<>();
				chunk = new ArrayList<>();
				size = 0;
			}
			ids.add(statement);
			chunk.addAll(own);
			size += added;
		}
		if (!ids.isEmpty()) {
			statements.add(replaceChunk(target, columns, batch.source(), ids, chunk, dayScope, open.apply(ids), key));
		}
		return statements;
	}

	private static String replaceChunk(String target, List<ArchiveColumn> columns, String source, List<String> ids,
			List<List<Object>> rows, String dayScope, String open, String key) {
		String scope = "t.source = " + SparkLiterals.text(source) + " AND t.statement_id IN (" + SparkLiterals.list(ids)
				+ ")" + dayScope + open;
		if (rows.isEmpty()) {
			return "DELETE FROM " + target + " AS t WHERE " + scope;
		}
		return "MERGE INTO " + target + " AS t USING (" + values(columns, rows) + ") AS s ON t.source = s.source"
				+ " AND t.statement_id = s.statement_id AND " + key + dayScope + " WHEN MATCHED THEN UPDATE SET "
				+ assignments(columns) + " WHEN NOT MATCHED THEN INSERT (" + ArchiveTables.names(columns) + ") VALUES ("
				+ sourceNames(columns) + ") WHEN NOT MATCHED BY SOURCE AND " + scope + " THEN DELETE";
	}

	/**
	 * Computes the source's days again from the direct accesses: each statement counted once per table, user
	 * and role, as the store's rollups count them.
	 */
	private static String usage(ArchiveSchema schema, String source, Set<LocalDate> days) {
		String sourceLiteral = SparkLiterals.text(source);
		String dayList = SparkLiterals.list(days);
		List<ArchiveColumn> columns = ArchiveTables.USAGE;
		return "MERGE INTO " + schema.table(ArchiveTables.TABLE_USAGE_DAILY) + " AS t USING (SELECT source, "
				+ "business_date, table_name, user_name, role, count(DISTINCT statement_id) AS statements, "
				+ "count(DISTINCT CASE WHEN time_travel_kind IS NOT NULL THEN statement_id END) AS time_travel_statements, "
				+ "count(DISTINCT CASE WHEN witness = 'ENGINE_LINEAGE' THEN statement_id END) AS lineage_only_statements, "
				+ "min(event_time) AS first_event, max(event_time) AS last_event, current_timestamp() AS computed_at FROM "
				+ schema.table(ArchiveTables.TABLE_ACCESS) + " WHERE source = " + sourceLiteral
				+ " AND access = 'DIRECT' AND business_date IN (" + dayList + ") GROUP BY source, business_date, "
				+ "table_name, user_name, role) AS s ON t.source = s.source AND t.business_date = s.business_date "
				+ "AND t.table_name = s.table_name AND t.user_name = s.user_name AND t.role = s.role"
				+ " AND t.business_date IN (" + dayList + ") WHEN MATCHED THEN UPDATE SET " + assignments(columns)
				+ " WHEN NOT MATCHED THEN INSERT (" + ArchiveTables.names(columns) + ") VALUES (" + sourceNames(columns)
				+ ") WHEN NOT MATCHED BY SOURCE AND t.source = " + sourceLiteral + " AND t.business_date IN (" + dayList
				+ ") THEN DELETE";
	}

	/**
	 * The rows as a typed query: {@code VALUES} of literals, each column cast to its type (an all-NULL column
	 * has none otherwise), and the time of writing as the last column.
	 */
	static String values(List<ArchiveColumn> columns, List<List<Object>> rows) {
		int given = columns.size() - 1;
		List<String> projection = new ArrayList<>();
		List<String> aliases = new ArrayList<>();
		for (int i = 0; i < given; i++) {
			ArchiveColumn column = columns.get(i);
			projection.add("CAST(v.c" + i + " AS " + column.type() + ") AS " + column.name());
			aliases.add("c" + i);
		}
		projection.add("current_timestamp() AS " + columns.get(given).name());
		String tuples = rows.stream().map(row -> {
			if (row.size() != given) {
				throw new IllegalArgumentException("a row of " + given + " values was expected, not " + row.size());
			}
			return SparkLiterals.tuple(row);
		}).collect(Collectors.joining(", "));
		return "SELECT " + String.join(", ", projection) + " FROM VALUES " + tuples + " AS v(" + String.join(", ", aliases)
				+ ")";
	}

	private static String assignments(List<ArchiveColumn> columns) {
		return columns.stream().map(column -> "t." + column.name() + " = s." + column.name())
			.collect(Collectors.joining(", "));
	}

	private static String sourceNames(List<ArchiveColumn> columns) {
		return columns.stream().map(column -> "s." + column.name()).collect(Collectors.joining(", "));
	}

	/** The history rows in chunks whose statement text stays below the limit. */
	private List<List<List<Object>>> chunks(List<List<Object>> rows) {
		List<List<List<Object>>> chunks = new ArrayList<>();
		List<List<Object>> chunk = new ArrayList<>();
		int size = 0;
		for (List<Object> row : rows) {
			int added = estimate(row);
			if (!chunk.isEmpty() && size + added > maxStatementChars) {
				chunks.add(chunk);
				chunk = new ArrayList<>();
				size = 0;
			}
			chunk.add(row);
			size += added;
		}
		if (!chunk.isEmpty()) {
			chunks.add(chunk);
		}
		return chunks;
	}

	/** How many characters the row takes as literals. */
	private static int estimate(List<Object> row) {
		return SparkLiterals.tuple(row).length() + 2;
	}

}
