package io.lakegov.support;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.springframework.dao.PessimisticLockingFailureException;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Empties the store between tests. The tables come from the store's schema itself, so a table a migration
 * adds is emptied with the rest without anyone listing it; only the tables that must outlive a test are
 * named here.
 */
public final class StoreReset {

	/**
	 * What every reset keeps: Flyway's history and the scheduler's locks; the store generation, which only
	 * grows, since the answer cache is keyed on it; the view names, which only grow (the rollup of statements
	 * that read several views counts by them); and the inventories, which the catalog sync fills when the
	 * service starts and tests add tables of unique names to.
	 */
	static final Set<String> KEPT = Set.of("flyway_schema_history", "shedlock", "store_generation", "view_name",
			"table_inventory", "view_inventory", "column_inventory");

	private static final int DEADLOCK_RETRIES = 10;

	private StoreReset() {
	}

	/**
	 * Empties every table of the store but the kept ones, and the given tables of the local warehouse.
	 *
	 * @param sourceTables qualified tables of the test warehouse in the same database, such as
	 * {@code query.history}
	 */
	public static void reset(JdbcClient store, String... sourceTables) {
		truncate(store, KEPT, sourceTables);
	}

	/**
	 * As {@link #reset}, but the statements' analyses stay: the service remembers the analyses it made and
	 * would not store them again, so tests that ingest the same texts again in one context keep them.
	 */
	public static void resetKeepingAnalyses(JdbcClient store, String... sourceTables) {
		Set<String> kept = new HashSet<>(KEPT);
		kept.add("statement_analysis");
		truncate(store, kept, sourceTables);
	}

	private static void truncate(JdbcClient store, Set<String> kept, String... sourceTables) {
		List<String> tables = new ArrayList<>();
		store.sql("SELECT tablename FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename")
			.query(String.class)
			.list()
			.stream()
			.filter(table -> !kept.contains(table))
			.map(table -> '"' + table + '"')
			.forEach(tables::add);
		tables.addAll(List.of(sourceTables));
		for (int attempt = 1;; attempt++) {
			try {
				store.sql("TRUNCATE " + String.join(", ", tables)).update();
				// the one row its migration made, as a new store has it
				store.sql("INSERT INTO detail_horizon DEFAULT VALUES ON CONFLICT DO NOTHING").update();
				return;
			}
			catch (PessimisticLockingFailureException ex) {
				// a background transaction of the previous test (a run, a catch-up, a sender) still holds
				// a table: PostgreSQL picks the truncate as the deadlock's victim, and the next try follows it
				if (attempt == DEADLOCK_RETRIES) {
					throw ex;
				}
				pause(attempt);
			}
		}
	}

	private static void pause(int attempt) {
		try {
			Thread.sleep(100L * attempt);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("interrupted while emptying the store", ex);
		}
	}

}
