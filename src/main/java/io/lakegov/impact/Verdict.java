package io.lakegov.impact;

/** The plain answer of an impact report for the lookback window. */
public enum Verdict {

	/** Nobody read the table in the window. */
	UNUSED,

	/** Only jobs and pipelines read it: renaming it means changing those, no person is affected. */
	READ_ONLY_BY_ETL,

	/** People, dashboards, notebooks or other interactive sources read it. */
	ACTIVE

}
