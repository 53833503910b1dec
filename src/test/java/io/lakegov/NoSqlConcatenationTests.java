package io.lakegov;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * No SQL is built from request input: every statement text handed to JDBC ({@code sql(...)},
 * {@code prepareStatement(...)}, {@code execute...(...)}, {@code copyIn(...)}) is a literal, a text block,
 * a constant, or a concatenation of those. The few that splice in something else are listed below with what
 * they splice in, none of which comes from a request; a new one fails this test until it is reviewed and
 * listed. Values always go in as bind parameters.
 */
class NoSqlConcatenationTests {

	private static final Path SOURCES = Path.of("src/main/java");

	private static final Pattern CALL = Pattern
		.compile("\\.(sql|prepareStatement|prepareCall|execute|executeQuery|executeUpdate|addBatch|copyIn|queryForList|queryForObject)\\(");

	/** Reviewed splices: file and the operand, with why it is not request input. */
	private static final Map<String, String> REVIEWED = Map.ofEntries(
			Map.entry("catalog/SourceInventoryReader.java: sql", "built from the configured inventory table"),
			Map.entry("catalog/SourceViewReader.java: sql", "built from the configured inventory table's schema"),
			Map.entry("catalog/SourceColumnReader.java: sql", "built from the configured column inventory table"),
			Map.entry("history/SourceConfig.java: ddl", "the local warehouse's DDL, a classpath resource"),
			Map.entry("history/HistoryReader.java: sql", "built from the configured history table"),
			Map.entry("history/HistoryReader.java: source.historyTable()", "the configured history table"),
			Map.entry("history/HistoryReader.java: window(source)",
					"the window's condition with the source's bind parameter placeholders"),
			Map.entry("history/LineageReader.java: sql", "built from the configured lineage table"),
			Map.entry("history/LineageReader.java: source.lineageTable()", "the configured lineage table"),
			Map.entry("history/WindowStream.java: sql",
					"the window query HistoryReader or LineageReader built from the configured table"),
			Map.entry("history/demo/DemoWarehouse.java: historyTable", "the local warehouse's table, a constant"),
			Map.entry("retention/RetentionFactsRepository.java: TRAVEL_READS.formatted(\"\")", "a literal"),
			Map.entry("retention/RetentionFactsRepository.java: TRAVEL_READS.formatted(\"AND a.table_name = :table\")",
					"a literal; the table is a bind parameter"),
			Map.entry("retention/SourceInventory.java: SELECT.formatted(inventoryTable, \"\", limit)",
					"the configured inventory table and an int"),
			Map.entry("retention/SourceInventory.java: SELECT.formatted(inventoryTable, \"\"\" AND "
					+ "lower(table_catalog) = :catalog AND lower(table_schema) = :schema AND lower(table_name) = :name\"\"\", 1)",
					"the configured inventory table and a literal with bind parameters"),
			Map.entry("retention/DatabricksMetadataSource.java: RetentionSql.quoted(table)",
					"an identifier (SHOW and DESCRIBE take no bind parameters): every part backtick-quoted, "
							+ "backticks doubled"),
			Map.entry("embedded/EmbeddedDatabase.java: database", "the embedded database's configured name"),
			Map.entry("ingest/StoreStatistics.java: String.join(\", \", targets())",
					"the store schema's own tables, each name quoted by quote_ident, with constant column lists"),
			Map.entry("store/CopyRows.java: copySql", "the COPY statement its callers pass, each a constant"),
			Map.entry("openlineage/event/RunEventFactory.java: openLineage.newSQLJobFacetBuilder().query(statement"
					+ ".redactedText()).dialect(\"databricks\").build()",
					"not JDBC: the sql facet of an OpenLineage event, which carries the redacted text"),
			Map.entry("archive/delta/Warehouse.java: sql",
					"the archive's statements: the configured schema (ArchiveSchema, plain names, quoted) and values "
							+ "rendered by SparkLiterals (text that is not plain travels as base64)"),
			Map.entry("archive/delta/ArchiveWriter.java: statements", "the MERGEs and DELETEs ArchiveWriter builds as above"),
			Map.entry("archive/delta/ArchiveMigrations.java: statements",
					"the archive's DDL: constants, the configured schema (quoted) and plain-text comments"));

	@Test
	void statementTextsAreLiteralsOrConstants() throws IOException {
		List<String> violations = new ArrayList<>();
		try (Stream<Path> files = Files.walk(SOURCES)) {
			for (Path file : files.filter(path -> path.toString().endsWith(".java")).toList()) {
				String source = Files.readString(file, StandardCharsets.UTF_8);
				Matcher call = CALL.matcher(source);
				while (call.find()) {
					String argument = firstArgument(source, call.end());
					for (String operand : operands(argument)) {
						if (!safe(operand)) {
							String key = SOURCES.relativize(file).toString().replace('\\', '/').replaceFirst("^io/lakegov/", "")
									+ ": " + operand.strip().replaceAll("\\s+", " ");
							if (!REVIEWED.containsKey(key)) {
								violations.add(key);
							}
						}
					}
				}
			}
		}
		assertThat(violations).as("SQL built from something other than literals and constants").isEmpty();
	}

	private static boolean safe(String operand) {
		String text = operand.strip();
		// a lambda is the work of TransactionTemplate.execute and the like, not SQL
		return text.isEmpty() || text.startsWith("\"") || text.contains("->")
				|| text.matches("([A-Z][A-Za-z0-9]*\\.)*[A-Z][A-Z0-9_]*");
	}

	/** The first argument of the call whose parenthesis opens just before {@code start}. */
	static String firstArgument(String source, int start) {
		int depth = 0;
		int i = start;
		while (i < source.length()) {
			char c = source.charAt(i);
			if (source.startsWith("\"\"\"", i)) {
				int end = source.indexOf("\"\"\"", i + 3);
				i = end + 3;
				continue;
			}
			if (c == '"' || c == '\'') {
				i = skipQuoted(source, i, c);
				continue;
			}
			if (c == '(') {
				depth++;
			}
			else if (c == ')' || c == ',' && depth == 0) {
				if (depth == 0) {
					return source.substring(start, i);
				}
				if (c == ')') {
					depth--;
				}
			}
			i++;
		}
		return source.substring(start);
	}

	/** The top-level operands of {@code +} in an expression. */
	static List<String> operands(String expression) {
		List<String> operands = new ArrayList<>();
		int depth = 0;
		int from = 0;
		int i = 0;
		while (i < expression.length()) {
			char c = expression.charAt(i);
			if (expression.startsWith("\"\"\"", i)) {
				i = expression.indexOf("\"\"\"", i + 3) + 3;
				continue;
			}
			if (c == '"' || c == '\'') {
				i = skipQuoted(expression, i, c);
				continue;
			}
			if (c == '(') {
				depth++;
			}
			else if (c == ')') {
				depth--;
			}
			else if (c == '+' && depth == 0) {
				operands.add(expression.substring(from, i));
				from = i + 1;
			}
			i++;
		}
		operands.add(expression.substring(from));
		return operands;
	}

	private static int skipQuoted(String text, int start, char quote) {
		int i = start + 1;
		while (i < text.length() && text.charAt(i) != quote) {
			i += text.charAt(i) == '\\' ? 2 : 1;
		}
		return i + 1;
	}

}
