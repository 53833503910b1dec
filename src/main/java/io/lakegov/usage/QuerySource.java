package io.lakegov.usage;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * What a statement ran through.
 *
 * @param kind JOB, NOTEBOOK, DASHBOARD, LEGACY_DASHBOARD, ALERT, SQL_QUERY, GENIE_SPACE, PIPELINE or ADHOC
 * @param id the id of the job, notebook, dashboard ...; empty for ad-hoc statements
 */
public record QuerySource(String kind, String id) {

	/** Separates kind and id when a query aggregates sources into one text array. */
	static final String SEPARATOR = "\u001f";

	public QuerySource {
		Objects.requireNonNull(kind, "kind");
		id = id == null ? "" : id;
	}

	static List<QuerySource> fromJoined(String[] joined) {
		return Arrays.stream(joined).map(QuerySource::fromJoined).toList();
	}

	static QuerySource fromJoined(String joined) {
		int at = joined.indexOf(SEPARATOR);
		return at < 0 ? new QuerySource(joined, "") : new QuerySource(joined.substring(0, at), joined.substring(at + 1));
	}

}
