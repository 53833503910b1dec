package io.lakegov.archive.delta;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Creates the archive's tables and brings them up to date, like Flyway does for the store: the schema's
 * {@value ArchiveTables#VERSIONS} table records each version applied, and a start finds there where it left
 * off. Each migration's statements are idempotent ({@code IF NOT EXISTS}), so a migration cut off before its
 * version was recorded is simply applied again.
 */
public final class ArchiveMigrations {

	/** One step of the archive's schema. */
	public record Migration(int version, String description, Function<ArchiveSchema, List<String>> statements) {
	}

	/** The archive's migrations, in order. */
	public static final List<Migration> ALL = List.of(new Migration(1,
			"query_history, table_access, column_access and table_usage_daily", ArchiveMigrations::first));

	private final List<Migration> migrations;

	public ArchiveMigrations(List<Migration> migrations) {
		for (int i = 0; i < migrations.size(); i++) {
			if (migrations.get(i).version() != i + 1) {
				throw new IllegalArgumentException("archive migrations are numbered 1, 2, 3 ...");
			}
		}
		this.migrations = List.copyOf(migrations);
	}

	/** The version the migrations bring an archive to. */
	public int latest() {
		return migrations.size();
	}

	/** Applies the migrations the schema lacks; the version it has now. */
	public int migrate(Warehouse warehouse, ArchiveSchema schema) throws SQLException {
		String versions = schema.table(ArchiveTables.VERSIONS);
		List<String> statements = List.of("CREATE TABLE IF NOT EXISTS " + versions + """
				 (version INT NOT NULL COMMENT 'The archive schema version applied',
				 description STRING COMMENT 'What the version brought',
				 applied_at TIMESTAMP COMMENT 'When lakegov applied it')
				USING DELTA COMMENT 'lakegov: the versions of the archive schema applied to this schema'""");
		warehouse.execute(statements);
		int current = current(warehouse, schema);
		for (Migration migration : migrations) {
			if (migration.version() <= current) {
				continue;
			}
			statements = new ArrayList<>(migration.statements().apply(schema));
			statements.add("INSERT INTO " + versions + " VALUES (" + migration.version() + ", "
					+ SparkLiterals.text(migration.description()) + ", current_timestamp())");
			warehouse.execute(statements);
			current = migration.version();
		}
		return current;
	}

	/** The highest version the schema's version table records; 0 when none. */
	public static int current(Warehouse warehouse, ArchiveSchema schema) throws SQLException {
		return warehouse.query("SELECT coalesce(max(version), 0) FROM " + schema.table(ArchiveTables.VERSIONS),
				rs -> rs.getInt(1)).get(0);
	}

	private static List<String> first(ArchiveSchema schema) {
		return List.of(
				create(schema, ArchiveTables.QUERY_HISTORY, ArchiveTables.HISTORY,
						"lakegov: one row per statement of system.query.history, with its analysis, written after "
								+ "each ingestion batch, changed in place when the statement or its analysis changes"),
				create(schema, ArchiveTables.TABLE_ACCESS, ArchiveTables.ACCESS,
						"lakegov: one row per statement, table and role: what each statement read and wrote, "
								+ "directly or through views"),
				create(schema, ArchiveTables.COLUMN_ACCESS, ArchiveTables.COLUMNS,
						"lakegov: one row per statement, table, column, role and resolution"),
				create(schema, ArchiveTables.TABLE_USAGE_DAILY, ArchiveTables.USAGE,
						"lakegov: per source, day, table, user and role, the statements that accessed the table "
								+ "directly, computed from table_access"));
	}

	private static String create(ArchiveSchema schema, String table, List<ArchiveColumn> columns, String comment) {
		return "CREATE TABLE IF NOT EXISTS " + schema.table(table) + " ("
				+ columns.stream().map(ArchiveColumn::definition).collect(Collectors.joining(", "))
				+ ") USING DELTA CLUSTER BY (business_date) COMMENT " + SparkLiterals.plain(comment);
	}

}
