package io.lakegov.history;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The columns of {@code system.query.history} that the store keeps typed. Any other column the source
 * has is kept too, as JSON; a listed column the source lacks is null.
 */
public enum HistoryColumn {

	ACCOUNT_ID(Type.TEXT), WORKSPACE_ID(Type.TEXT), STATEMENT_ID(Type.TEXT), EXECUTED_BY(Type.TEXT),
	EXECUTED_BY_USER_ID(Type.TEXT), EXECUTED_AS(Type.TEXT), EXECUTED_AS_USER_ID(Type.TEXT), SESSION_ID(Type.TEXT),
	EXECUTION_STATUS(Type.TEXT), COMPUTE(Type.JSON), STATEMENT_TEXT(Type.TEXT), STATEMENT_TYPE(Type.TEXT),
	ERROR_MESSAGE(Type.TEXT), CLIENT_APPLICATION(Type.TEXT), CLIENT_DRIVER(Type.TEXT),
	TOTAL_DURATION_MS(Type.BIGINT), WAITING_FOR_COMPUTE_DURATION_MS(Type.BIGINT),
	WAITING_AT_CAPACITY_DURATION_MS(Type.BIGINT), EXECUTION_DURATION_MS(Type.BIGINT),
	COMPILATION_DURATION_MS(Type.BIGINT), TOTAL_TASK_DURATION_MS(Type.BIGINT), RESULT_FETCH_DURATION_MS(Type.BIGINT),
	START_TIME(Type.TIMESTAMP), END_TIME(Type.TIMESTAMP), UPDATE_TIME(Type.TIMESTAMP), READ_PARTITIONS(Type.BIGINT),
	PRUNED_FILES(Type.BIGINT), READ_FILES(Type.BIGINT), READ_ROWS(Type.BIGINT), PRODUCED_ROWS(Type.BIGINT),
	READ_BYTES(Type.BIGINT), READ_IO_CACHE_PERCENT(Type.INTEGER), SPILLED_LOCAL_BYTES(Type.BIGINT),
	WRITTEN_BYTES(Type.BIGINT), WRITTEN_ROWS(Type.BIGINT), WRITTEN_FILES(Type.BIGINT), SHUFFLE_READ_BYTES(Type.BIGINT),
	FROM_RESULT_CACHE(Type.BOOLEAN), CACHE_ORIGIN_STATEMENT_ID(Type.TEXT), QUERY_SOURCE(Type.JSON),
	QUERY_PARAMETERS(Type.JSON), QUERY_TAGS(Type.JSON);

	/** How a column's value is stored. */
	public enum Type {

		TEXT("text"), BIGINT("bigint"), INTEGER("integer"), BOOLEAN("boolean"), TIMESTAMP("timestamptz"),
		JSON("jsonb");

		private final String sqlType;

		Type(String sqlType) {
			this.sqlType = sqlType;
		}

		public String sqlType() {
			return sqlType;
		}

	}

	private static final Map<String, HistoryColumn> BY_NAME = new LinkedHashMap<>();

	static {
		for (HistoryColumn column : values()) {
			BY_NAME.put(column.columnName(), column);
		}
	}

	private final Type type;

	HistoryColumn(Type type) {
		this.type = type;
	}

	public Type type() {
		return type;
	}

	/** The column's name in the source and in the store. */
	public String columnName() {
		return name().toLowerCase(java.util.Locale.ROOT);
	}

	/** The known column of that (case-insensitive) name, or null. */
	public static HistoryColumn byName(String name) {
		return BY_NAME.get(name.toLowerCase(java.util.Locale.ROOT));
	}

	public static List<HistoryColumn> all() {
		return List.of(values());
	}

}
