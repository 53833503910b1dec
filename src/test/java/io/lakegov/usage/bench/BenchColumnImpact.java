package io.lakegov.usage.bench;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

import static io.lakegov.usage.bench.UsageFactGenerator.execute;

/**
 * Builds the column impact's rollups ({@code column_source_daily}, {@code column_downstream_daily}) from the
 * facts, with their migration's own backfill statements.
 */
final class BenchColumnImpact {

	private static final String MIGRATION = "V22__create_column_impact_rollups.sql";

	private static final List<String> ROLLUPS = List.of("column_source_daily", "column_downstream_daily");

	private BenchColumnImpact() {
	}

	static void build(Connection connection) throws SQLException {
		execute(connection, "TRUNCATE column_source_daily, column_downstream_daily");
		for (String rollup : ROLLUPS) {
			execute(connection, MigrationStatements.statement(MIGRATION, "INSERT INTO " + rollup + " ", ";"));
		}
	}

}
