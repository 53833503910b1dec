package io.lakegov.history;

import java.sql.SQLException;
import java.sql.Struct;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns a driver's {@link Struct} into a map by field name. JDBC structs carry only their attribute
 * values; the field names come from the type name the driver reports, such as
 * {@code STRUCT<job_info:STRUCT<job_id:STRING>,dashboard_id:STRING>}. When the type name does not list
 * them, the attributes are kept by position.
 */
final class DriverStructs {

	private DriverStructs() {
	}

	static Object toMap(Struct struct) throws SQLException {
		Object[] attributes = struct.getAttributes();
		List<Field> fields = fields(struct.getSQLTypeName());
		Map<String, Object> map = new LinkedHashMap<>();
		for (int i = 0; i < attributes.length; i++) {
			Object value = attributes[i];
			String name = i < fields.size() ? fields.get(i).name() : "_" + i;
			map.put(name, HistoryValues.plain(value));
		}
		return map;
	}

	record Field(String name, String type) {
	}

	/** The top-level fields of a {@code STRUCT<name:type,...>} type name; empty when it is not one. */
	static List<Field> fields(String typeName) {
		if (typeName == null) {
			return List.of();
		}
		String type = typeName.strip();
		int open = type.indexOf('<');
		if (open < 0 || !type.regionMatches(true, 0, "STRUCT", 0, 6) || !type.endsWith(">")) {
			return List.of();
		}
		String body = type.substring(open + 1, type.length() - 1);
		List<Field> fields = new ArrayList<>();
		int depth = 0;
		int start = 0;
		for (int i = 0; i <= body.length(); i++) {
			char c = i < body.length() ? body.charAt(i) : ',';
			if (c == '<' || c == '(') {
				depth++;
			}
			else if (c == '>' || c == ')') {
				depth--;
			}
			else if (c == ',' && depth == 0) {
				String field = body.substring(start, i).strip();
				int colon = field.indexOf(':');
				if (colon > 0) {
					fields.add(new Field(field.substring(0, colon).strip().replace("`", ""), field.substring(colon + 1).strip()));
				}
				start = i + 1;
			}
		}
		return fields;
	}

}
