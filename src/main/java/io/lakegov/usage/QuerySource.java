package io.lakegov.usage;

import java.util.Objects;

/**
 * What a statement ran through.
 *
 * @param kind JOB, NOTEBOOK, DASHBOARD, LEGACY_DASHBOARD, ALERT, SQL_QUERY, GENIE_SPACE, PIPELINE or ADHOC
 * @param id the id of the job, notebook, dashboard ...; empty for ad-hoc statements
 */
public record QuerySource(String kind, String id) {

	public QuerySource {
		Objects.requireNonNull(kind, "kind");
		id = id == null ? "" : id;
	}

}
