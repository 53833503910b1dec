package io.lakegov.usage;

import java.util.Objects;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * What a statement ran through, from the {@code query_source} struct of the query history. When several
 * are set (a notebook run as a job task), the most durable consumer wins: job, pipeline, alert, dashboard,
 * legacy dashboard, Genie space, saved query, notebook.
 *
 * @param kind JOB, NOTEBOOK, DASHBOARD, LEGACY_DASHBOARD, ALERT, SQL_QUERY, GENIE_SPACE, PIPELINE or ADHOC
 * @param id the id of the job, notebook, dashboard ...; empty for ad-hoc statements
 */
public record QuerySource(String kind, String id) {

	public static final QuerySource ADHOC = new QuerySource("ADHOC", "");

	public QuerySource {
		Objects.requireNonNull(kind, "kind");
		id = id == null ? "" : id;
	}

	/** The query source of a history row's {@code query_source} JSON; ad hoc when it names none. */
	public static QuerySource of(String queryJson, JsonMapper json) {
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
