package io.lakegov.store;

import io.lakegov.support.IntegrationTest;
import io.lakegov.support.StoreReset;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

import static org.assertj.core.api.Assertions.assertThat;

@IntegrationTest
class StoreResetIntegrationTests {

	@Autowired
	JdbcClient jdbc;

	@Test
	void emptiesATableNoResetNamesAndKeepsTheKeptOnes() {
		jdbc.sql("CREATE TABLE reset_probe (id int)").update();
		try {
			jdbc.sql("INSERT INTO reset_probe VALUES (1)").update();
			jdbc.sql("INSERT INTO view_name (table_name) VALUES ('main.reset.probe_view') ON CONFLICT DO NOTHING").update();

			StoreReset.reset(jdbc);

			assertThat(count("reset_probe")).isZero();
			assertThat(count("view_name")).isPositive();
			assertThat(count("flyway_schema_history")).isPositive();
		}
		finally {
			jdbc.sql("DROP TABLE reset_probe").update();
		}
	}

	private long count(String table) {
		return jdbc.sql("SELECT count(*) FROM " + table).query(Long.class).single();
	}

}
