package io.lakegov.impact;

/** The plain answer of an impact report for the lookback window. */
public enum Verdict {

	/** Nobody read the table in the window. */
	UNUSED,

	/**
	 * Nothing read the table by its full name in the window, but statements read its name without the catalog
	 * ({@code schema.table}) or the schema ({@code table}), which the analyser could not complete: they may have
	 * read this table.
	 */
	POSSIBLY_READ,

	/** Only jobs and pipelines read it: renaming it means changing those, no person is affected. */
	READ_ONLY_BY_ETL,

	/** People, dashboards, notebooks or other interactive sources read it. */
	ACTIVE,

	/**
	 * It is in a Delta Sharing share now: recipients outside the workspace read it, whatever this workspace's
	 * query history says, and dropping or renaming it breaks them.
	 */
	SHARED

}
