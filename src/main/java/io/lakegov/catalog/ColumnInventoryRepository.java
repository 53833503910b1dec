package io.lakegov.catalog;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.Collection;
import java.util.List;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;
import org.springframework.stereotype.Repository;

/** The {@code column_inventory} history: one row per column of a table and validity interval. */
@Repository
class ColumnInventoryRepository {

	private final JdbcClient jdbc;

	ColumnInventoryRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	record CurrentRow(long id, SourceColumn column) {
	}

	/** A column's row, valid from {@code validFrom} until {@code validTo} (null: still there). */
	record Version(String table, String column, Instant validFrom, Instant validTo) {
	}

	List<CurrentRow> current() {
		return jdbc.sql("""
				SELECT id, table_name, column_name, ordinal_position, data_type
				FROM column_inventory WHERE valid_to IS NULL""")
			.query((rs, n) -> new CurrentRow(rs.getLong(1), new SourceColumn(rs.getString(2), rs.getString(3),
					(Integer) rs.getObject(4), rs.getString(5))))
			.list();
	}

	void open(List<SourceColumn> columns, Instant now) {
		if (columns.isEmpty()) {
			return;
		}
		jdbc.sql("""
				INSERT INTO column_inventory (table_name, column_name, ordinal_position, data_type, valid_from)
				SELECT t, c, p, d, :now FROM unnest(:tables::text[], :columns::text[], :positions::integer[],
				    :types::text[]) AS n(t, c, p, d)""")
			.param("tables", new SqlArrayValue("text", columns.stream().map(SourceColumn::table).toArray()))
			.param("columns", new SqlArrayValue("text", columns.stream().map(SourceColumn::column).toArray()))
			.param("positions", new SqlArrayValue("integer", columns.stream().map(SourceColumn::position).toArray()))
			.param("types", new SqlArrayValue("text", columns.stream().map(SourceColumn::dataType).toArray()))
			.param("now", Timestamp.from(now))
			.update();
	}

	void close(Collection<Long> ids, Instant now) {
		if (!ids.isEmpty()) {
			jdbc.sql("UPDATE column_inventory SET valid_to = :now WHERE id = ANY(:ids)")
				.param("now", Timestamp.from(now))
				.param("ids", new SqlArrayValue("bigint", ids.toArray()))
				.update();
		}
	}

	void update(List<CurrentRow> rows) {
		if (rows.isEmpty()) {
			return;
		}
		jdbc.sql("""
				UPDATE column_inventory c SET ordinal_position = u.p, data_type = u.d
				FROM unnest(:ids::bigint[], :positions::integer[], :types::text[]) AS u(id, p, d)
				WHERE c.id = u.id""")
			.param("ids", new SqlArrayValue("bigint", rows.stream().map(CurrentRow::id).toArray()))
			.param("positions", new SqlArrayValue("integer", rows.stream().map(r -> r.column().position()).toArray()))
			.param("types", new SqlArrayValue("text", rows.stream().map(r -> r.column().dataType()).toArray()))
			.update();
	}

	/**
	 * Queues the statements that used one of the tables at a time the inventory lists none of its columns:
	 * their column facts were resolved against the columns it lists now (see {@link TableColumns.Known#at}),
	 * which a change of those columns changes. Statements of times it listed columns for keep theirs.
	 */
	void queueStatementsToResolve(Collection<String> tables) {
		if (tables.isEmpty()) {
			return;
		}
		jdbc.sql("""
				INSERT INTO column_resolution_queue (source, statement_id)
				SELECT DISTINCT a.source, a.statement_id FROM table_access a
				WHERE a.table_name = ANY(:tables) AND NOT EXISTS (
				    SELECT 1 FROM column_inventory c
				    WHERE c.table_name = a.table_name AND c.valid_from <= a.event_time
				      AND (c.valid_to IS NULL OR c.valid_to > a.event_time))
				ON CONFLICT DO NOTHING""")
			.param("tables", new SqlArrayValue("text", tables.toArray()))
			.update();
	}

	/** The column answers are reused per store generation; a changed inventory makes them stale. */
	void bumpStoreGeneration() {
		jdbc.sql("UPDATE store_generation SET generation = generation + 1").update();
	}

	/** Every version of the columns of the given tables. */
	List<Version> versions(Collection<String> tables) {
		if (tables.isEmpty()) {
			return List.of();
		}
		return jdbc.sql("""
				SELECT table_name, column_name, valid_from, valid_to FROM column_inventory
				WHERE table_name = ANY(:tables)
				ORDER BY table_name, ordinal_position NULLS LAST, column_name""")
			.param("tables", new SqlArrayValue("text", tables.toArray()))
			.query((rs, n) -> new Version(rs.getString(1), rs.getString(2), rs.getTimestamp(3).toInstant(),
					InventoryRepository.instant(rs.getTimestamp(4))))
			.list();
	}

}
