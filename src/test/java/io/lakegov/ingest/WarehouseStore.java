package io.lakegov.ingest;

import io.lakegov.support.StoreReset;

import org.springframework.jdbc.core.simple.JdbcClient;

/** Resets the store between tests that read the test warehouse (whose history the tests clear themselves). */
final class WarehouseStore {

	private WarehouseStore() {
	}

	static void reset(JdbcClient jdbc) {
		StoreReset.reset(jdbc);
	}

}
