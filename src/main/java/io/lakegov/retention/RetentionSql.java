package io.lakegov.retention;

import java.util.List;
import java.util.stream.Collectors;

import io.lakegov.sql.TableName;

/** Statements lakegov proposes or sends, with every name part quoted so no name can break out. */
final class RetentionSql {

	private RetentionSql() {
	}

	/** {@code `main`.`s`.`t`}: each part in backticks, a backtick inside doubled. */
	static String quoted(TableName table) {
		return table.parts().stream().map(RetentionSql::quotedPart).collect(Collectors.joining("."));
	}

	static String quotedPart(String part) {
		return "`" + part.replace("`", "``") + "`";
	}

	/** {@code ALTER TABLE ... SET TBLPROPERTIES ('k' = 'v', ...)}. */
	static String setProperties(TableName table, List<SettingValue> values) {
		return "ALTER TABLE " + quoted(table) + " SET TBLPROPERTIES ("
				+ values.stream()
					.map(value -> literal(value.property()) + " = " + literal(value.value()))
					.collect(Collectors.joining(", "))
				+ ")";
	}

	private static String literal(String text) {
		return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'";
	}

}
