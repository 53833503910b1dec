package io.lakegov.usage;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The store-wide data generation, bumped by every transaction that changes usage facts and rollups.
 * Read on each request (a primary-key lookup), so every replica sees a commit as soon as it is made.
 */
@Repository
class StoreGeneration {

	private final JdbcClient jdbc;

	StoreGeneration(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	long current() {
		return jdbc.sql("SELECT generation FROM store_generation WHERE id").query(Long.class).single();
	}

}
