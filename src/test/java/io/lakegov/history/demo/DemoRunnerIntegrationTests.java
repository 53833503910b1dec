package io.lakegov.history.demo;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;

import io.lakegov.history.DemoSources;
import io.lakegov.history.SourceDatabase;
import io.lakegov.history.Sources;
import io.lakegov.support.IntegrationTest;
import io.lakegov.support.StoreReset;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.scheduling.TaskScheduler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * The demo never makes up history for a source whose real history the store holds: a production store
 * started once without its source URL would otherwise take the demo's statements as that source's usage.
 */
@IntegrationTest
class DemoRunnerIntegrationTests {

	@Autowired
	SourceDatabase database;

	@Autowired
	Sources sources;

	@Autowired
	DemoSources marks;

	@Autowired
	TaskScheduler scheduler;

	@Autowired
	JdbcClient jdbc;

	@BeforeEach
	@AfterEach
	void emptyStore() {
		StoreReset.reset(jdbc, "query.history", "access.table_lineage");
	}

	@Test
	void refusesToStartBesideTheHistoryOfARealSourceOfItsName() {
		String source = sources.primary().name();
		ingested(source);

		assertThatIllegalStateException().isThrownBy(() -> runner().run(null))
			.withMessageContaining("the store holds the history of a real source named '" + source + "'")
			.withMessageContaining("lakegov.source.url");
		assertThat(new DemoWarehouse(database).hasHistory()).as("nothing made up").isFalse();
		assertThat(marks.holds(source)).as("the source is not taken for the demo's").isFalse();

		emptyStore();
		runner().run(null);
		assertThat(new DemoWarehouse(database).hasHistory()).as("the demo is fine on an empty store").isTrue();
		assertThat(marks.holds(source)).isTrue();
	}

	@Test
	void goesOnWithTheHistoryItMadeUp() {
		String source = sources.primary().name();
		runner().run(null);
		ingested(source);

		runner().run(null);
		assertThat(marks.holds(source)).isTrue();
	}

	@Test
	void marksTheDemoStoreOfAnEarlierBuild() {
		String source = sources.primary().name();
		runner().run(null);
		jdbc.sql("DELETE FROM demo_source").update();
		ingested(source);

		runner().run(null);
		assertThat(marks.holds(source)).as("its demo warehouse has the history it made up").isTrue();
	}

	@Test
	void aRealSourceOfAnotherNameDoesNotStopIt() {
		ingested("eu");

		runner().run(null);
		assertThat(marks.holds(sources.primary().name())).isTrue();
		assertThat(marks.holdsRealHistory("eu")).isTrue();
	}

	private void ingested(String source) {
		jdbc.sql("""
				INSERT INTO ingestion_watermark (source, stream, watermark, updated_at)
				VALUES (:source, 'query_history', now() - interval '1 hour', now())""")
			.param("source", source)
			.update();
	}

	private DemoRunner runner() {
		DemoProperties properties = new DemoProperties(true, 1, 20, 0, Duration.ofSeconds(15), 42, 0.2);
		return new DemoRunner(new DemoWarehouse(database, properties.maskedShare()), properties, scheduler,
				Clock.fixed(Instant.parse("2026-11-30T12:00:00Z"), ZoneOffset.UTC), marks,
				sources.primary().name());
	}

}
