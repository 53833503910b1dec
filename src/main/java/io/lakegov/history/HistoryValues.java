package io.lakegov.history;

import java.math.BigDecimal;
import java.sql.Array;
import java.sql.SQLException;
import java.sql.Struct;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.lakegov.history.HistoryRow.JsonText;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

/**
 * Converts what a JDBC driver hands out for a column into the store's types, without trusting it: a
 * value that does not fit its column's type is kept as text rather than failing the row.
 */
final class HistoryValues {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private HistoryValues() {
	}

	static Object convert(HistoryColumn.Type type, Object value) throws SQLException {
		if (value == null) {
			return null;
		}
		return switch (type) {
			case TEXT -> Texts.storable(value instanceof String text ? text : String.valueOf(plain(value)));
			case BIGINT -> number(value) instanceof Number number ? (Object) number.longValue() : null;
			case INTEGER -> number(value) instanceof Number number ? (Object) number.intValue() : null;
			case BOOLEAN -> bool(value);
			case TIMESTAMP -> instant(value);
			case JSON -> json(value);
		};
	}

	/** Any value as JSON text: JSON documents stay documents, anything else becomes a JSON value. */
	static JsonText json(Object value) throws SQLException {
		Object plain = plain(value);
		if (plain instanceof String text) {
			String trimmed = text.strip();
			if (trimmed.startsWith("{") || trimmed.startsWith("[")) {
				try {
					return jsonText(JSON.writeValueAsString(JSON.readTree(trimmed)));
				}
				catch (JacksonException ex) {
					// not JSON after all: keep the text itself, nothing is lost
					return jsonText(JSON.writeValueAsString(text));
				}
			}
		}
		return jsonText(JSON.writeValueAsString(plain));
	}

	/** PostgreSQL's jsonb refuses the NUL escape; it becomes U+FFFD like NUL in text. */
	private static JsonText jsonText(String json) {
		return new JsonText(json.replace("\\u0000", "\\ufffd"));
	}

	/** Driver objects (PGobject, Struct, Array, timestamps) as plain Java values Jackson can write. */
	static Object plain(Object value) throws SQLException {
		if (value instanceof String text) {
			return Texts.storable(text);
		}
		if (value == null || value instanceof Number || value instanceof Boolean) {
			return value;
		}
		if (value instanceof Struct struct) {
			return DriverStructs.toMap(struct);
		}
		if (value instanceof Array array) {
			List<Object> items = new ArrayList<>();
			for (Object item : (Object[]) array.getArray()) {
				items.add(plain(item));
			}
			return items;
		}
		if (value instanceof Map<?, ?> map) {
			Map<String, Object> copy = new LinkedHashMap<>();
			for (var entry : map.entrySet()) {
				copy.put(String.valueOf(entry.getKey()), plain(entry.getValue()));
			}
			return copy;
		}
		if (value instanceof List<?> list) {
			List<Object> copy = new ArrayList<>();
			for (Object item : list) {
				copy.add(plain(item));
			}
			return copy;
		}
		Instant instant = instantOrNull(value);
		if (instant != null) {
			return instant.toString();
		}
		// PGobject (jsonb) and other driver wrappers print their value
		return Texts.storable(value.toString());
	}

	private static Object number(Object value) {
		if (value instanceof Number number) {
			return number;
		}
		try {
			return new BigDecimal(value.toString().strip());
		}
		catch (NumberFormatException ex) {
			return null;
		}
	}

	private static Boolean bool(Object value) {
		if (value instanceof Boolean bool) {
			return bool;
		}
		String text = value.toString().strip().toLowerCase(java.util.Locale.ROOT);
		return switch (text) {
			case "true", "t", "1", "yes" -> Boolean.TRUE;
			case "false", "f", "0", "no" -> Boolean.FALSE;
			default -> null;
		};
	}

	static Instant instant(Object value) {
		return instantOrNull(value);
	}

	private static Instant instantOrNull(Object value) {
		if (value instanceof Instant instant) {
			return instant;
		}
		if (value instanceof OffsetDateTime time) {
			return time.toInstant();
		}
		if (value instanceof ZonedDateTime time) {
			return time.toInstant();
		}
		if (value instanceof Timestamp timestamp) {
			return timestamp.toInstant();
		}
		if (value instanceof LocalDateTime time) {
			// system tables are in UTC
			return time.toInstant(ZoneOffset.UTC);
		}
		if (value instanceof String text) {
			return parseInstant(text.strip());
		}
		return null;
	}

	private static Instant parseInstant(String text) {
		try {
			return OffsetDateTime.parse(text.replace(' ', 'T')).toInstant();
		}
		catch (DateTimeParseException notOffset) {
			try {
				return LocalDateTime.parse(text.replace(' ', 'T')).toInstant(ZoneOffset.UTC);
			}
			catch (DateTimeParseException notLocal) {
				return null;
			}
		}
	}

}
