package io.lakegov.impact;

import java.time.Instant;
import java.time.LocalDate;
import java.util.List;

/**
 * What would break if a column were dropped or renamed: who read and wrote it in the lookback window,
 * through which sources, which views are defined on it and which tables are built from it, with a
 * verdict and the counts it rests on.
 *
 * @param seen false when lakegov never saw the table in usage facts or the inventory
 * @param inInventory whether the inventory lists the column now; null when it lists no column of the table
 * @param downstream tables written by statements that read the column in the window
 * @param views the views whose current definition certainly reads the column, by name: those of the view
 * graph (the history's view statements and the inventory's definitions), renamed ones under their current
 * name, dropped ones and ones redefined without the column left out
 */
public record ColumnImpactReport(String table, String column, boolean seen, LocalDate from, LocalDate to,
		Verdict verdict, Evidence evidence, Instant lastRead, Instant lastWrite, List<ImpactUser> readers,
		List<ImpactUser> writers, List<ImpactSource> sources, List<LinkedTable> downstream, List<View> views,
		Boolean inInventory) {

	/** The plain answer for a column. */
	public enum Verdict {

		/** Nothing read or wrote it in the window, nothing may have, no view uses it. */
		UNUSED,
		/** No certain use, but references that may be this column, or statements whose columns are unknown. */
		POSSIBLY_USED,
		/** Views are defined on it, nothing read it in the window. */
		USED_BY_VIEWS,
		/** Written, never read in the window: the writers break. */
		WRITTEN_ONLY,
		/** Only jobs and pipelines read it. */
		READ_ONLY_BY_ETL,
		/** People, dashboards, notebooks or other interactive sources read it. */
		ACTIVE

	}

	/**
	 * The counts a verdict rests on, over the window; reads and writes are attributed with certainty.
	 *
	 * @param uncertainReads references that may be this column: ambiguous between this and other tables,
	 * or unresolved (including {@code SELECT *} of the table while the inventory listed no columns)
	 * @param unknownStatements statements that used the table with columns the analyser could not tell
	 */
	public record Evidence(long reads, long writes, long readers, long writers, long etlReads, long otherReads,
			long uncertainReads, long unknownStatements) {
	}

	/**
	 * A view built on the column.
	 *
	 * @param kind VIEW, MATERIALIZED_VIEW or METRIC_VIEW
	 * @param witness where its current definition was seen: HISTORY (a statement) or INVENTORY (the
	 * source's views)
	 * @param definedAt when that definition was made (for a renamed view, that of the view it was)
	 */
	public record View(String view, String kind, String witness, Instant definedAt) {
	}

}
