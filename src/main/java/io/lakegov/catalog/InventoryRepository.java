package io.lakegov.catalog;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** The {@code table_inventory} history: one row per table name and validity interval. */
@Repository
class InventoryRepository {

	private final JdbcClient jdbc;

	InventoryRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/** The rows valid now. */
	List<CurrentRow> current() {
		return jdbc.sql("""
				SELECT id, table_catalog, table_schema, table_name, table_type, data_source_format, storage_path,
				       table_owner, created, last_altered
				FROM table_inventory
				WHERE valid_to IS NULL""")
			.query((rs, n) -> new CurrentRow(rs.getLong("id"),
					new SourceTable(rs.getString("table_catalog"), rs.getString("table_schema"),
							rs.getString("table_name"), rs.getString("table_type"), rs.getString("data_source_format"),
							rs.getString("storage_path"), rs.getString("table_owner"), instant(rs.getTimestamp("created")),
							instant(rs.getTimestamp("last_altered")))))
			.list();
	}

	void open(SourceTable table, Instant now, String renamedFrom) {
		jdbc.sql("""
				INSERT INTO table_inventory (full_name, table_catalog, table_schema, table_name, table_type,
				    data_source_format, storage_path, table_owner, created, last_altered, valid_from, renamed_from,
				    last_synced_at)
				VALUES (:fullName, :catalog, :schema, :name, :type, :format, :storagePath, :owner, :created,
				    :lastAltered, :now, :renamedFrom, :now)""")
			.param("fullName", table.fullName())
			.param("catalog", table.catalog())
			.param("schema", table.schema())
			.param("name", table.name())
			.param("type", table.type())
			.param("format", table.format())
			.param("storagePath", table.storagePath())
			.param("owner", table.owner())
			.param("created", timestamp(table.created()))
			.param("lastAltered", timestamp(table.lastAltered()))
			.param("now", timestamp(now))
			.param("renamedFrom", renamedFrom)
			.update();
	}

	void close(long id, Instant now, String renamedTo) {
		jdbc.sql("UPDATE table_inventory SET valid_to = :now, renamed_to = :renamedTo WHERE id = :id")
			.param("now", timestamp(now))
			.param("renamedTo", renamedTo)
			.param("id", id)
			.update();
	}

	void update(long id, SourceTable table) {
		jdbc.sql("""
				UPDATE table_inventory SET table_type = :type, data_source_format = :format,
				    storage_path = :storagePath, table_owner = :owner, created = :created, last_altered = :lastAltered
				WHERE id = :id""")
			.param("type", table.type())
			.param("format", table.format())
			.param("storagePath", table.storagePath())
			.param("owner", table.owner())
			.param("created", timestamp(table.created()))
			.param("lastAltered", timestamp(table.lastAltered()))
			.param("id", id)
			.update();
	}

	void markSynced(Instant now) {
		jdbc.sql("UPDATE table_inventory SET last_synced_at = :now WHERE valid_to IS NULL")
			.param("now", timestamp(now))
			.update();
	}

	/**
	 * The table that vanished most recently from the given storage path under another name and was
	 * not yet recorded as renamed: a table appearing there now is that table renamed.
	 */
	Optional<ClosedRow> vanishedAt(String storagePath, String exceptName) {
		return jdbc.sql("""
				SELECT id, full_name FROM table_inventory
				WHERE storage_path = :storagePath AND valid_to IS NOT NULL AND renamed_to IS NULL
				  AND full_name <> :exceptName
				ORDER BY valid_to DESC
				LIMIT 1""")
			.param("storagePath", storagePath)
			.param("exceptName", exceptName)
			.query((rs, n) -> new ClosedRow(rs.getLong("id"), rs.getString("full_name")))
			.optional();
	}

	void markRenamed(long id, String renamedTo) {
		jdbc.sql("UPDATE table_inventory SET renamed_to = :renamedTo WHERE id = :id")
			.param("renamedTo", renamedTo)
			.param("id", id)
			.update();
	}

	/** The latest row for the name (the current one if present), empty when the inventory never had it. */
	Optional<InventoryStatus> status(String fullName) {
		return jdbc.sql("""
				SELECT valid_to IS NULL AS present, table_type, data_source_format, storage_path, created, valid_to,
				       renamed_to,
				       (SELECT min(valid_from) FROM table_inventory f WHERE f.full_name = i.full_name) AS first_seen,
				       (SELECT r.renamed_from FROM table_inventory r
				        WHERE r.full_name = i.full_name AND r.renamed_from IS NOT NULL
				        ORDER BY r.valid_from DESC LIMIT 1) AS renamed_from
				FROM table_inventory i
				WHERE full_name = :name
				ORDER BY valid_to IS NULL DESC, valid_from DESC
				LIMIT 1""")
			.param("name", fullName)
			.query((rs, n) -> new InventoryStatus(rs.getBoolean("present"), rs.getString("table_type"),
					rs.getString("data_source_format"), rs.getString("storage_path"),
					instant(rs.getTimestamp("created")), instant(rs.getTimestamp("first_seen")),
					instant(rs.getTimestamp("valid_to")), rs.getString("renamed_to"), rs.getString("renamed_from")))
			.optional();
	}

	static Instant instant(Timestamp timestamp) {
		return timestamp == null ? null : timestamp.toInstant();
	}

	static Timestamp timestamp(Instant instant) {
		return instant == null ? null : Timestamp.from(instant);
	}

	record CurrentRow(long id, SourceTable table) {
	}

	record ClosedRow(long id, String fullName) {
	}

}
