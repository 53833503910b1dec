package io.lakegov.history;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/** The columns of {@code system.access.table_lineage} that lakegov keeps typed. */
enum LineageColumn {

	STATEMENT_ID, SOURCE_TABLE_FULL_NAME, SOURCE_TYPE, SOURCE_PATH, TARGET_TABLE_FULL_NAME, TARGET_TYPE, TARGET_PATH,
	ENTITY_TYPE, ENTITY_ID, ENTITY_RUN_ID, ENTITY_METADATA, CREATED_BY, EVENT_TIME, EVENT_DATE;

	private static final Map<String, LineageColumn> BY_NAME = new HashMap<>();

	static {
		for (LineageColumn column : values()) {
			BY_NAME.put(column.name().toLowerCase(Locale.ROOT), column);
		}
	}

	/** The known column of that (case-insensitive) name, or null. */
	static LineageColumn byName(String name) {
		return BY_NAME.get(name.toLowerCase(Locale.ROOT));
	}

}
