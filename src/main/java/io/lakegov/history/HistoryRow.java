package io.lakegov.history;

import java.time.Instant;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;

/**
 * One row of the source's query history, read defensively: every known column typed (or null when the
 * source lacks it), every unknown column kept as it came.
 *
 * @param values known columns: String, Long, Integer, Boolean, Instant, or {@link JsonText} for struct and
 * map columns
 * @param extras columns the store does not know, by lower-case name, as JSON texts
 */
public record HistoryRow(Map<HistoryColumn, Object> values, Map<String, JsonText> extras) {

	public HistoryRow {
		var copy = new EnumMap<HistoryColumn, Object>(HistoryColumn.class);
		copy.putAll(values);
		values = Collections.unmodifiableMap(copy);
		extras = Collections.unmodifiableMap(new TreeMap<>(extras));
		Objects.requireNonNull(values.get(HistoryColumn.STATEMENT_ID), "statement_id");
		Objects.requireNonNull(values.get(HistoryColumn.UPDATE_TIME), "update_time");
	}

	/**
	 * The row with only the given columns (and its key), for what outlives the rest: a batch keeps little of a
	 * row once the row is encoded for the store.
	 */
	public HistoryRow only(Set<HistoryColumn> columns) {
		var kept = new EnumMap<HistoryColumn, Object>(HistoryColumn.class);
		values.forEach((column, value) -> {
			if (columns.contains(column) || column == HistoryColumn.STATEMENT_ID || column == HistoryColumn.UPDATE_TIME) {
				kept.put(column, value);
			}
		});
		return new HistoryRow(kept, Map.of());
	}

	public String text(HistoryColumn column) {
		return values.get(column) instanceof String text ? text : null;
	}

	public Instant time(HistoryColumn column) {
		return values.get(column) instanceof Instant time ? time : null;
	}

	public JsonText json(HistoryColumn column) {
		return values.get(column) instanceof JsonText json ? json : null;
	}

	public String statementId() {
		return text(HistoryColumn.STATEMENT_ID);
	}

	public Instant updateTime() {
		return time(HistoryColumn.UPDATE_TIME);
	}

	public String statementText() {
		return text(HistoryColumn.STATEMENT_TEXT);
	}

	/** When the statement started, or when the row was last updated if the start is unknown. */
	public Instant eventTime() {
		Instant start = time(HistoryColumn.START_TIME);
		return start != null ? start : updateTime();
	}

	/** A JSON document as text, already validated (or wrapped as a JSON string when it was not JSON). */
	public record JsonText(String json) {

		public JsonText {
			Objects.requireNonNull(json, "json");
		}

	}

}
