package io.lakegov.usage.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Statements of the service's own migrations, so that the bench builds a generated store's rollups with
 * exactly the backfill an upgraded store gets, never a copy that could drift from it.
 */
final class MigrationStatements {

	private MigrationStatements() {
	}

	/**
	 * The statement of the migration that starts on the line beginning with {@code firstLine} and ends on
	 * the first line after it ending with {@code lastLine}, without that end's semicolon.
	 */
	static String statement(String migration, String firstLine, String lastLine) {
		List<String> lines = read(migration).lines().toList();
		for (int start = 0; start < lines.size(); start++) {
			if (lines.get(start).startsWith(firstLine)) {
				for (int end = start; end < lines.size(); end++) {
					if (lines.get(end).endsWith(lastLine)) {
						String text = String.join("\n", lines.subList(start, end + 1));
						return text.substring(0, text.length() - 1);
					}
				}
			}
		}
		throw new IllegalArgumentException(migration + " has no statement from '" + firstLine + "' to '" + lastLine + "'");
	}

	private static String read(String migration) {
		String resource = "/db/migration/" + migration;
		try (InputStream in = MigrationStatements.class.getResourceAsStream(resource)) {
			if (in == null) {
				throw new IllegalArgumentException(resource + " is not on the class path");
			}
			return new String(in.readAllBytes(), StandardCharsets.UTF_8);
		}
		catch (IOException e) {
			throw new UncheckedIOException(e);
		}
	}

}
