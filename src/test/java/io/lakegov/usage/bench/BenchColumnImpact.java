package io.lakegov.usage.bench;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

import static io.lakegov.usage.bench.UsageFactGenerator.execute;

/**
 * Builds the column impact's rollups ({@code column_source_daily}, {@code column_downstream_daily},
 * {@code view_latest_definition}, {@code column_view_reads}) from the facts, with their migration's own
 * backfill statements.
 */
final class BenchColumnImpact {

	private static final String MIGRATION = "V22__create_column_impact_rollups.sql";

	/** In the migration's order: a view's column reads come from its latest definition. */
	private static final List<String> ROLLUPS = List.of("column_source_daily", "column_downstream_daily",
			"view_latest_definition", "column_view_reads");

	private BenchColumnImpact() {
	}

	static void build(Connection connection) throws SQLException {
		execute(connection,
				"TRUNCATE column_source_daily, column_downstream_daily, view_latest_definition, column_view_reads");
		for (String rollup : ROLLUPS) {
			execute(connection, MigrationStatements.statement(MIGRATION, "INSERT INTO " + rollup + " ", ";"));
		}
	}

}
