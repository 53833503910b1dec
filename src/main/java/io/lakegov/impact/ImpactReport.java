package io.lakegov.impact;

import java.time.Instant;
import java.time.LocalDate;
import java.util.List;

import io.lakegov.catalog.Deprecation;
import io.lakegov.catalog.InventoryStatus;
import io.lakegov.views.ViewLimits;
import io.lakegov.views.ViewReach;

/**
 * Everything to check before renaming or dropping a table. Lists are capped at
 * {@value ImpactService#MAX_LISTED} entries; the evidence counts are complete.
 *
 * @param table the table, resolved to its full name
 * @param seen false when lakegov never saw the table in usage facts or the inventory
 * @param from the first business day of the lookback window
 * @param to the last business day of the window (today)
 * @param verdict UNUSED, POSSIBLY_READ, READ_ONLY_BY_ETL or ACTIVE over the window; SHARED whenever it is in a
 * share now
 * @param evidence the counts behind the verdict
 * @param lastRead the latest read ever recorded
 * @param lastWrite the latest write ever recorded
 * @param readers users who read it in the window, most statements first
 * @param writers users who wrote it in the window
 * @param sources jobs, notebooks, dashboards, alerts and pipelines that touched it in the window
 * @param downstream tables written by statements that read this one
 * @param upstream tables read by statements that wrote this one
 * @param shares the Delta Sharing shares it is in now, then those it was in (latest first)
 * @param inventory what the lakehouse inventory says (present, dropped or renamed on ...), null if never listed
 * @param views views and materialized views built on the table, directly or on other views, with their paths
 * and the days of the window on which they read it
 * @param indirectReaders users who reached the table only through those views, each with the paths
 * @param viewLimits how far views were followed (depth bound, cycles refused)
 * @param deprecation the table's mark for removal (planned date, note, who marked it and when), null when unmarked
 * @param unqualifiedNames the table's names without its catalog ({@code schema.table}) or schema ({@code table})
 * that statements read in the window, with their reads: names the analyser could not complete, which may be this
 * table's
 * @param unqualifiedReaders the users who read those names in the window, most statements first
 */
public record ImpactReport(String table, boolean seen, LocalDate from, LocalDate to, Verdict verdict,
		Evidence evidence, Instant lastRead, Instant lastWrite, List<ImpactUser> readers, List<ImpactUser> writers,
		List<ImpactSource> sources, List<LinkedTable> downstream, List<LinkedTable> upstream,
		List<ImpactShare> shares, InventoryStatus inventory, List<ViewReach> views, List<IndirectReader> indirectReaders,
		ViewLimits viewLimits, Deprecation deprecation, List<LinkedTable> unqualifiedNames,
		List<ImpactUser> unqualifiedReaders) {

	public ImpactReport {
		readers = List.copyOf(readers);
		writers = List.copyOf(writers);
		sources = List.copyOf(sources);
		downstream = List.copyOf(downstream);
		upstream = List.copyOf(upstream);
		shares = List.copyOf(shares);
		views = List.copyOf(views);
		indirectReaders = List.copyOf(indirectReaders);
		unqualifiedNames = List.copyOf(unqualifiedNames);
		unqualifiedReaders = List.copyOf(unqualifiedReaders);
	}

	/**
	 * The report with what the catalog says of the table now: whether lakegov saw it in usage facts or the
	 * inventory, its inventory status and its mark for removal.
	 */
	ImpactReport withCatalog(boolean seen, InventoryStatus status, Deprecation mark) {
		return new ImpactReport(table, seen, from, to, verdict, evidence, lastRead, lastWrite, readers, writers, sources,
				downstream, upstream, shares, status, views, indirectReaders, viewLimits, mark, unqualifiedNames,
				unqualifiedReaders);
	}

}
