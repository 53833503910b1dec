package io.lakegov.watch;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Tables a watch names: {@code catalog.schema.table}, each part a name or {@code *} anywhere in it
 * ({@code main.finance.*}, {@code *.gold.*}, {@code main.sales.fact_*}). Case-insensitive, as table names are.
 *
 * @param text the pattern, lower-cased
 */
public record TablePattern(String text) {

	private static final Pattern PART = Pattern.compile("[a-z0-9_$\\-*]+");

	public static final int MAX_LENGTH = 400;

	public TablePattern {
		if (text == null || text.isBlank()) {
			throw new IllegalArgumentException("a table pattern is empty");
		}
		text = text.strip().toLowerCase(Locale.ROOT);
		if (text.length() > MAX_LENGTH) {
			throw new IllegalArgumentException("table pattern longer than " + MAX_LENGTH + " characters");
		}
		String[] parts = text.split("\\.", -1);
		if (parts.length != 3) {
			throw new IllegalArgumentException(
					"table pattern '" + text + "' must have three parts, catalog.schema.table (each a name or *)");
		}
		for (String part : parts) {
			if (!PART.matcher(part).matches()) {
				throw new IllegalArgumentException("table pattern '" + text
						+ "' has a part that is empty or holds characters other than letters, digits, _, -, $ and *");
			}
		}
	}

	/** Whether the full name of a table (lower case, three parts) matches. */
	public boolean matches(String table) {
		String[] parts = table.split("\\.", -1);
		String[] wanted = text.split("\\.", -1);
		if (parts.length != 3) {
			return false;
		}
		for (int i = 0; i < 3; i++) {
			if (!glob(wanted[i], parts[i])) {
				return false;
			}
		}
		return true;
	}

	/** Whether the name matches the glob, {@code *} standing for any run of characters. */
	static boolean glob(String glob, String name) {
		int g = 0;
		int n = 0;
		int star = -1;
		int resume = 0;
		while (n < name.length()) {
			if (g < glob.length() && glob.charAt(g) == '*') {
				star = g++;
				resume = n;
			}
			else if (g < glob.length() && glob.charAt(g) == name.charAt(n)) {
				g++;
				n++;
			}
			else if (star >= 0) {
				g = star + 1;
				n = ++resume;
			}
			else {
				return false;
			}
		}
		while (g < glob.length() && glob.charAt(g) == '*') {
			g++;
		}
		return g == glob.length();
	}

}
