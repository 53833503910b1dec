package io.lakegov.pages.tables;

import io.lakegov.impact.ImpactReport;

/**
 * A verdict as a person reads it: a headline and what it means for dropping or renaming the table.
 *
 * @param headline what the verdict says, in a few words
 * @param meaning what follows for a drop or a rename
 */
record VerdictWords(String headline, String meaning) {

	static VerdictWords of(ImpactReport report) {
		return switch (report.verdict()) {
			case UNUSED -> new VerdictWords("Nobody read this table",
					"No statement read it, directly or through views, in these days. Dropping it breaks no reader lakegov saw"
							+ (report.evidence().writes() > 0 ? ", but something still writes it: stop that first." : "."));
			case POSSIBLY_READ -> new VerdictWords("Maybe read under a shorter name",
					"Nothing read it by its full name in these days, but statements read its name without the catalog or "
							+ "the schema, which lakegov could not complete (listed below): they may have read this table. "
							+ "Find out before dropping or renaming it.");
			case READ_ONLY_BY_ETL -> new VerdictWords("Only jobs and pipelines read this table",
					"No person, notebook or dashboard read it in these days. A rename or drop means changing the jobs and "
							+ "pipelines listed below, and nobody else.");
			case ACTIVE -> new VerdictWords("People use this table",
					"People, notebooks or dashboards read it in these days. Dropping or renaming it breaks their work: "
							+ "talk to the readers below first.");
			case SHARED -> new VerdictWords("Shared outside this workspace",
					"It is in a Delta Sharing share now. Recipients read it outside this workspace's query history, so "
							+ "dropping or renaming it breaks them whatever the counts below say.");
		};
	}

}
