package io.lakegov.reports;

import java.time.Instant;
import java.time.LocalDate;
import java.util.List;

import io.lakegov.web.PageResponse;

/**
 * Which columns of a table were read in a date range, which were not, and how much reading could not
 * be attributed to a column.
 *
 * @param table the table, resolved to its full name
 * @param seen false when lakegov never saw the table in usage facts or the inventory
 * @param columns columns read in the range (attributed with certainty), most reads first
 * @param unread columns the inventory lists now that no certain read reached in the range, in table order
 * @param inventoryColumns how many columns the inventory lists for the table now (0: it knows none)
 * @param unattributed reads in the range that name no certain column of the table
 */
public record ColumnUsageReport(String table, boolean seen, LocalDate from, LocalDate to,
		PageResponse<ColumnReads> columns, List<UnreadColumn> unread, int inventoryColumns,
		Unattributed unattributed) {

	/**
	 * One column read in the range.
	 *
	 * @param reads statements that read it
	 * @param readers distinct users among them
	 * @param lastRead the latest of them
	 * @param firstSeen the first statement ever recorded that read or wrote it
	 * @param inInventory whether the inventory lists it now
	 */
	public record ColumnReads(String column, long reads, long readers, Instant lastRead, Instant firstSeen,
			boolean inInventory) {
	}

	/**
	 * A column nobody certainly read in the range.
	 *
	 * @param uncertainReads references in the range that may be this column (ambiguous between tables, or
	 * not in the inventory when read): not reads for sure, not none either
	 */
	public record UnreadColumn(String column, long uncertainReads) {
	}

	/**
	 * Reads of the table that no column could be certainly given to.
	 *
	 * @param ambiguous column references that may belong to this table or another one
	 * @param unresolved column references the inventory could not settle, including {@code SELECT *}
	 * of the table while the inventory listed none of its columns
	 * @param unknownColumns statements whose columns of this table the analyser could not tell (a form
	 * outside Spark's grammar, or one the column walk does not follow)
	 */
	public record Unattributed(long ambiguous, long unresolved, long unknownColumns) {
	}

}
