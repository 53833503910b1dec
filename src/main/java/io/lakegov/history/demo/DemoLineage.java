package io.lakegov.history.demo;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The engine lineage the demo warehouse records for its statements, from what each truly touched, with
 * the gaps Databricks' {@code system.access.table_lineage} has: most SELECTs and every CREATE have no
 * rows, nor do renames, drops and failed statements; a table read by path has a path and no name (the
 * classic-cluster notebook that lands files, which the query history does not cover either).
 */
final class DemoLineage {

	/** The entity a query source stands for in lineage: its type and the JSON field of its id. */
	private static final String[][] ENTITIES = { { "JOB", "job_id" }, { "PIPELINE", "pipeline_id" },
			{ "DASHBOARD_V3", "dashboard_id" }, { "NOTEBOOK", "notebook_id" } };

	/** Files landed by a classic-cluster notebook: a path, no table name. */
	static final String LANDING_PATH = "s3://demo-lakehouse/landing/clickstream";

	private DemoLineage() {
	}

	/**
	 * One lineage row.
	 *
	 * @param statementId null for work the query history does not cover
	 */
	record Row(String statementId, String source, String sourcePath, String target, String createdBy,
			String entityType, String entityId, Instant eventTime) {
	}

	/** Whether the engine records lineage for the statement at all. */
	static boolean recorded(DemoStatement statement) {
		if (!"FINISHED".equals(statement.status()) || statement.truth().isEmpty()) {
			return false;
		}
		String type = statement.statementType().toUpperCase(Locale.ROOT);
		if (type.startsWith("CREATE") || type.equals("ALTER") || type.equals("DROP") || type.equals("USE")) {
			return false;
		}
		// most SELECTs are missing: one in five has lineage
		return !type.equals("SELECT") || Math.floorMod(statement.statementId().hashCode(), 5) == 0;
	}

	/** The rows the engine records for the statement, and the classic-cluster work that happens beside it. */
	static List<Row> rows(DemoStatement statement) {
		List<Row> rows = new ArrayList<>();
		if (recorded(statement)) {
			List<String> reads = new ArrayList<>();
			List<String> writes = new ArrayList<>();
			statement.truth().forEach(truth -> ("READ".equals(truth.role()) ? reads : writes).add(truth.table()));
			String[] entity = entity(statement.querySource());
			Instant at = statement.end().plusSeconds(5);
			if (writes.isEmpty()) {
				reads.forEach(read -> rows.add(row(statement, read, null, entity, at)));
			}
			else if (reads.isEmpty()) {
				writes.forEach(write -> rows.add(row(statement, null, write, entity, at)));
			}
			else {
				reads.forEach(read -> writes.forEach(write -> rows.add(row(statement, read, write, entity, at))));
			}
		}
		if (Math.floorMod(statement.statementId().hashCode() * 31, 50) == 0) {
			rows.add(new Row(null, null, LANDING_PATH, DemoCatalog.qualified("bronze.events"), "dana@corp.example",
					"NOTEBOOK", "nb-classic-landing", statement.start()));
		}
		return rows;
	}

	private static Row row(DemoStatement statement, String source, String target, String[] entity, Instant at) {
		return new Row(statement.statementId(), source, null, target, statement.user(), entity[0], entity[1], at);
	}

	private static String[] entity(String querySource) {
		for (String[] candidate : ENTITIES) {
			Matcher id = Pattern.compile("\"" + candidate[1] + "\": \"([^\"]+)\"").matcher(querySource);
			if (id.find()) {
				return new String[] { candidate[0], id.group(1) };
			}
		}
		return new String[] { null, null };
	}

}
