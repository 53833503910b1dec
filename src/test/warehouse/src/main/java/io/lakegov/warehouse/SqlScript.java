package io.lakegov.warehouse;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits a script into statements at each {@code ;} that is not inside a string, a quoted name, a
 * comment or a {@code $$} body.
 */
final class SqlScript {

	private SqlScript() {
	}

	static List<String> statements(String script) {
		List<String> statements = new ArrayList<>();
		StringBuilder current = new StringBuilder();
		int i = 0;
		while (i < script.length()) {
			char c = script.charAt(i);
			int end = i + 1;
			if (c == '\'' || c == '"' || c == '`') {
				end = closing(script, i, String.valueOf(c), c != '`');
			}
			else if (script.startsWith("$$", i)) {
				end = closing(script, i + 1, "$$", false);
			}
			else if (script.startsWith("--", i)) {
				int newline = script.indexOf('\n', i);
				end = newline < 0 ? script.length() : newline;
			}
			else if (script.startsWith("/*", i)) {
				int close = script.indexOf("*/", i + 2);
				end = close < 0 ? script.length() : close + 2;
			}
			else if (c == ';') {
				add(statements, current);
				current.setLength(0);
				i++;
				continue;
			}
			current.append(script, i, end);
			i = end;
		}
		add(statements, current);
		return statements;
	}

	/** The index after the quote that closes the one at {@code start}. */
	private static int closing(String script, int start, String quote, boolean backslashEscapes) {
		int i = start + 1;
		while (i < script.length()) {
			if (backslashEscapes && script.charAt(i) == '\\') {
				i += 2;
				continue;
			}
			if (script.startsWith(quote, i)) {
				return i + quote.length();
			}
			i++;
		}
		return script.length();
	}

	private static void add(List<String> statements, StringBuilder statement) {
		String text = statement.toString().strip();
		if (!text.isEmpty() && !isOnlyComments(text)) {
			statements.add(text);
		}
	}

	private static boolean isOnlyComments(String text) {
		return text.replaceAll("(?s)/\\*.*?\\*/", "").replaceAll("(?m)--.*$", "").isBlank();
	}

}
