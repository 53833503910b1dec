package io.lakegov.catalog;

import java.time.Instant;
import java.util.List;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import static io.lakegov.catalog.InventoryRepository.instant;
import static io.lakegov.catalog.InventoryRepository.timestamp;

/** The {@code view_inventory} history: one row per view and definition, with its validity interval. */
@Repository
class ViewInventoryRepository {

	private final JdbcClient jdbc;

	ViewInventoryRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	List<CurrentView> current() {
		return jdbc.sql("""
				SELECT id, full_name, definition_hash, valid_from FROM view_inventory WHERE valid_to IS NULL""")
			.query((rs, n) -> new CurrentView(rs.getLong("id"), rs.getString("full_name"),
					rs.getString("definition_hash"), instant(rs.getTimestamp("valid_from"))))
			.list();
	}

	void open(SourceView view, Instant validFrom, Instant now) {
		jdbc.sql("""
				INSERT INTO view_inventory (full_name, table_catalog, table_schema, definition, definition_hash,
				    valid_from, last_synced_at)
				VALUES (:fullName, :catalog, :schema, :definition, :hash, :validFrom, :now)""")
			.param("fullName", view.fullName())
			.param("catalog", view.catalog())
			.param("schema", view.schema())
			.param("definition", view.definition())
			.param("hash", view.definitionHash())
			.param("validFrom", timestamp(validFrom))
			.param("now", timestamp(now))
			.update();
	}

	void close(long id, Instant at, String ended) {
		jdbc.sql("UPDATE view_inventory SET valid_to = :at, ended = :ended WHERE id = :id")
			.param("at", timestamp(at))
			.param("ended", ended)
			.param("id", id)
			.update();
	}

	void markSynced(Instant now) {
		jdbc.sql("UPDATE view_inventory SET last_synced_at = :now WHERE valid_to IS NULL")
			.param("now", timestamp(now))
			.update();
	}

	/**
	 * Answers that follow views through their definitions are reused per store generation; a changed
	 * definition makes them stale just as an ingestion batch does.
	 */
	void bumpStoreGeneration() {
		jdbc.sql("UPDATE store_generation SET generation = generation + 1").update();
	}

	record CurrentView(long id, String fullName, String definitionHash, Instant validFrom) {
	}

}
