package io.lakegov.usage;

import java.sql.ResultSet;
import java.sql.Statement;

import org.springframework.dao.IncorrectResultSizeDataAccessException;
import org.springframework.jdbc.core.JdbcOperations;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The store-wide data generation, bumped by every transaction that changes usage facts and rollups.
 * Read on each request (a primary-key lookup), so every replica sees a commit as soon as it is made.
 */
@Repository
class StoreGeneration {

	private final JdbcClient jdbc;

	private final JdbcOperations statements;

	StoreGeneration(JdbcClient jdbc, JdbcOperations statements) {
		this.jdbc = jdbc;
		this.statements = statements;
	}

	/** Tells every replica's answer cache that the facts or rollups changed; in the caller's transaction. */
	void next() {
		jdbc.sql("UPDATE store_generation SET generation = generation + 1").update();
	}

	/** The generation as the current transaction sees it. */
	long current() {
		return jdbc.sql("SELECT generation FROM store_generation WHERE id").query(Long.class).single();
	}

	/**
	 * The generation, read as the first statement of a new transaction, which this statement makes REPEATABLE
	 * READ: every later query of the transaction sees the store as it was at this generation. Both go in one
	 * round trip; asking for the isolation through JDBC instead costs three more per transaction (the driver
	 * asks the server for the session's level, sets it for the session and sets it back afterwards).
	 */
	long snapshot() {
		Long generation = statements.execute((Statement statement) -> {
			statement.execute("""
					SET TRANSACTION ISOLATION LEVEL REPEATABLE READ;
					SELECT generation FROM store_generation WHERE id""");
			if (!statement.getMoreResults()) {
				return null;
			}
			try (ResultSet rows = statement.getResultSet()) {
				return rows.next() ? rows.getLong(1) : null;
			}
		});
		if (generation == null) {
			throw new IncorrectResultSizeDataAccessException("No store generation", 1, 0);
		}
		return generation;
	}

}
