package io.lakegov.archive;

import java.util.List;

import io.lakegov.archive.outbox.Archiver;
import io.lakegov.support.StoreReset;
import io.lakegov.support.TestWarehouse;
import io.lakegov.support.WarehouseHistory;

import org.springframework.jdbc.core.simple.JdbcClient;

import static org.assertj.core.api.Assertions.assertThat;

/** What the archive's tests share: a clean start, and writing the archive until nothing waits. */
final class ArchiveTesting {

	private ArchiveTesting() {
	}

	/**
	 * Empties the store, the archive's schema and the test warehouse's history, and registers the source's
	 * archive again; the history to insert rows into.
	 */
	static WarehouseHistory reset(JdbcClient jdbc, Archiver archiver) {
		StoreReset.reset(jdbc);
		TestWarehouse.instance()
			.execute("DROP SCHEMA IF EXISTS " + ArchiveWarehouseTest.SCHEMA + " CASCADE",
					"CREATE SCHEMA " + ArchiveWarehouseTest.SCHEMA);
		archiver.register();
		WarehouseHistory source = new WarehouseHistory(TestWarehouse.instance());
		source.clear();
		return source;
	}

	/** Writes the archive until nothing waits, every pass without error; how many statements were written. */
	static int archiveAll(Archiver archiver, JdbcClient jdbc) {
		int written = 0;
		while (true) {
			List<Archiver.Pass> passes = archiver.archiveDue();
			for (Archiver.Pass pass : passes) {
				assertThat(pass.error()).as("archive pass").isNull();
				written += pass.statements();
			}
			if (jdbc.sql("SELECT count(*) FROM archive_outbox").query(Long.class).single() == 0) {
				return written;
			}
		}
	}

}
