package io.lakegov.archive.delta;

import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the store holds now of some statements of one source, as rows of the archive's tables: their history
 * rows, and their accesses and column accesses by statement (a statement without any has none, and loses
 * those the archive still holds). Each row holds the values of its table's columns in order, all but the
 * last ({@code archived_at}), which the warehouse sets.
 *
 * @param source the source of query history
 * @param statements every statement whose rows are written, with or without rows
 * @param history rows of {@link ArchiveTables#HISTORY}
 * @param accesses rows of {@link ArchiveTables#ACCESS}, by statement
 * @param columns rows of {@link ArchiveTables#COLUMNS}, by statement
 * @param days the business days of the statements and their rows
 */
public record ArchiveBatch(String source, Set<String> statements, List<List<Object>> history,
		Map<String, List<List<Object>>> accesses, Map<String, List<List<Object>>> columns, Set<LocalDate> days) {

	public ArchiveBatch {
		statements = Set.copyOf(statements);
		history = List.copyOf(history);
		accesses = Map.copyOf(accesses);
		columns = Map.copyOf(columns);
		days = Set.copyOf(days);
	}

}
