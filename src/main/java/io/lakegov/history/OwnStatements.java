package io.lakegov.history;

import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;


/**
 * Recognises lakegov's own statements in the query history (its reads of the history, the inventory
 * and the table metadata), so that they never count as usage. Two marks, either enough: the query tag
 * {@code lakegov} that lakegov sets on its connections to Databricks (the history's
 * {@code query_tags}), and the principals configured as the source's {@code own-principals} (for
 * sources or drivers that record no tags).
 */
public class OwnStatements {

	/** The query tag's key; Databricks keeps tags as key and value. */
	public static final String TAG_KEY = "lakegov";

	public static final String TAG_VALUE = "service";

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private final Set<String> principals;

	public OwnStatements(List<String> principals) {
		this.principals = principals.stream()
			.map(String::strip)
			.filter(principal -> !principal.isEmpty())
			.map(principal -> principal.toLowerCase(Locale.ROOT))
			.collect(Collectors.toUnmodifiableSet());
	}

	/**
	 * Whether a statement is lakegov's own.
	 *
	 * @param executedBy the history's {@code executed_by}
	 * @param queryTags the history's {@code query_tags} as JSON: an object of tags, or a list of
	 * {@code {"key": ..., "value": ...}}; null when the statement has none
	 */
	public boolean isOwn(String executedBy, String queryTags) {
		if (executedBy != null && principals.contains(executedBy.strip().toLowerCase(Locale.ROOT))) {
			return true;
		}
		return queryTags != null && queryTags.contains(TAG_KEY) && hasTag(queryTags);
	}

	private static boolean hasTag(String queryTags) {
		JsonNode tags;
		try {
			tags = JSON.readTree(queryTags);
		}
		catch (JacksonException ex) {
			return false;
		}
		if (tags.isObject()) {
			return tags.has(TAG_KEY);
		}
		if (tags.isArray()) {
			for (JsonNode tag : tags) {
				if (tag.isObject() && TAG_KEY.equals(tag.path("key").asString(null))) {
					return true;
				}
			}
		}
		return false;
	}

}
