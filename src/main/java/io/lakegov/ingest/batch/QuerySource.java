package io.lakegov.ingest.batch;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Through what a statement ran, from the {@code query_source} struct of the query history. When several
 * are set (a notebook run as a job task), the most durable consumer wins: job, pipeline, alert, dashboard,
 * legacy dashboard, Genie space, saved query, notebook.
 *
 * @param kind JOB, PIPELINE, ALERT, DASHBOARD, LEGACY_DASHBOARD, GENIE_SPACE, SQL_QUERY, NOTEBOOK or ADHOC
 * @param id the id of that job, dashboard, ...; empty for ADHOC
 */
public record QuerySource(String kind, String id) {

	public static final QuerySource ADHOC = new QuerySource("ADHOC", "");

	static QuerySource of(String queryJson, JsonMapper json) {
		if (queryJson == null) {
			return ADHOC;
		}
		JsonNode source;
		try {
			source = json.readTree(queryJson);
		}
		catch (RuntimeException ex) {
			return ADHOC;
		}
		if (source == null || !source.isObject()) {
			return ADHOC;
		}
		String[][] order = { { "JOB", "job_info", "job_id" }, { "PIPELINE", "pipeline_info", "pipeline_id" },
				{ "ALERT", "alert_id", null }, { "DASHBOARD", "dashboard_id", null },
				{ "LEGACY_DASHBOARD", "legacy_dashboard_id", null }, { "GENIE_SPACE", "genie_space_id", null },
				{ "SQL_QUERY", "sql_query_id", null }, { "NOTEBOOK", "notebook_id", null } };
		for (String[] candidate : order) {
			JsonNode node = source.get(candidate[1]);
			if (candidate[2] != null && node != null && node.isObject()) {
				node = node.get(candidate[2]);
			}
			if (node != null && !node.isNull() && !node.isContainer() && !node.asString().isBlank()) {
				return new QuerySource(candidate[0], node.asString());
			}
		}
		return ADHOC;
	}

}
