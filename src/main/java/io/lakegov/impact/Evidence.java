package io.lakegov.impact;

/**
 * The counts a verdict rests on, over the lookback window. The verdict counts direct and indirect reads alike.
 *
 * @param reads statements that read the table
 * @param writes statements that wrote it
 * @param timeTravelReads reads of an earlier version
 * @param readers distinct users who read it
 * @param writers distinct users who wrote it
 * @param etlReads reads through jobs and pipelines
 * @param otherReads reads through everything else (dashboards, notebooks, alerts, ad hoc ...)
 * @param sources distinct jobs, notebooks, dashboards ... that touched it (ad hoc not counted)
 * @param lineageOnlyReads of the reads, those resting on the engine's lineage alone
 * @param lineageOnlyWrites of the writes, those resting on the engine's lineage alone
 * @param views views and materialized views built on it that reached it on days of the window, at any depth
 * @param indirectReads statements that read those views on the days they reached it (a statement that read several of them once)
 * @param indirectEtlReads of those, the ones run by jobs and pipelines
 * @param indirectReaders distinct users who reached it only through views
 * @param shares Delta Sharing shares it is in now
 * @param unqualifiedReads statements that read the table's name without its catalog or schema (not counted in
 * {@code reads}): the analyser could not complete the name, so they may have read this table or another of that
 * name
 */
public record Evidence(long reads, long writes, long timeTravelReads, long readers, long writers, long etlReads,
		long otherReads, long sources, long lineageOnlyReads, long lineageOnlyWrites, long views, long indirectReads,
		long indirectEtlReads, long indirectReaders, long shares, long unqualifiedReads) {

}
