package io.lakegov.history;

import java.util.List;

import io.lakegov.support.IntegrationTest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * A real source does not start on the demo's made-up history of its name: the embedded default tried first,
 * then pointed at a workspace, would go on from the demo's watermark and skip a year of history.
 */
@IntegrationTest
class DemoHistoryGuardIntegrationTests {

	@Autowired
	DemoHistoryGuard guard;

	@Autowired
	DemoSources demo;

	@Autowired
	Sources sources;

	@Autowired
	JdbcClient jdbc;

	@AfterEach
	void noDemo() {
		jdbc.sql("DELETE FROM demo_source").update();
	}

	@Test
	void refusesARealSourceOnlyWhereTheDemoMadeUpTheHistoryOfItsName() {
		HistorySource local = sources.primary();
		HistorySource workspace = real(local.name());
		assertThatCode(() -> guard.check(workspace)).doesNotThrowAnyException();

		demo.mark(local.name());
		demo.mark(local.name());

		assertThatIllegalStateException().isThrownBy(() -> guard.check(workspace))
			.withMessageContaining("made-up history under the source '" + local.name() + "', which now reads "
					+ "jdbc:databricks://adb-1.azuredatabricks.net:443/default")
			.withMessageContaining("lakegov.sources[0].name");
		assertThatCode(() -> guard.check(local)).as("the demo itself").doesNotThrowAnyException();
		assertThatCode(() -> guard.check(real("eu"))).as("another name").doesNotThrowAnyException();
		assertThatIllegalStateException().as("at the start, for every enabled source")
			.isThrownBy(() -> new DemoHistoryGuard(new Sources(List.of(real("eu"), workspace), List.of()), demo).run(null));
	}

	private HistorySource real(String name) {
		HistorySource local = sources.primary();
		SourceDatabase database = local.database();
		return new HistorySource(name, new SourceDatabase(database.dataSource(), database.historyTable(),
				database.inventoryTable(), false, "jdbc:databricks://adb-1.azuredatabricks.net:443/default"),
				local.fetchSize(), local.queryTimeout(), local.own(), local.requestTimeout());
	}

}
