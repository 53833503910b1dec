package io.lakegov.impact;

/**
 * The counts a verdict rests on, over the lookback window.
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
 */
public record Evidence(long reads, long writes, long timeTravelReads, long readers, long writers, long etlReads,
		long otherReads, long sources, long lineageOnlyReads, long lineageOnlyWrites) {

}
