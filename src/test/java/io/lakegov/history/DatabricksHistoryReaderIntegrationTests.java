package io.lakegov.history;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;

import javax.sql.DataSource;

import io.lakegov.support.TestWarehouse;
import io.lakegov.web.Secrets;
import org.junit.jupiter.api.Test;

import org.springframework.jdbc.datasource.DriverManagerDataSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The reader against a history table of the test warehouse whose columns differ from Databricks' of
 * today: some missing, some new, read through the Databricks driver.
 */
class DatabricksHistoryReaderIntegrationTests {

	TestWarehouse warehouse = TestWarehouse.instance();

	@Test
	void keepsNewColumnsAsJsonAndLeavesMissingOnesNull() throws Exception {
		String table = "system.query.history_" + UUID.randomUUID().toString().substring(0, 8);
		Instant start = Instant.parse("2026-03-01T10:15:30.123456Z");
		warehouse.execute("""
				CREATE TABLE %s (statement_id STRING, executed_by STRING, statement_text STRING, start_time TIMESTAMP,
				    update_time TIMESTAMP, query_source STRUCT<job_info: STRUCT<job_id: STRING>, notebook_id: STRING>,
				    rows_scanned_by_photon BIGINT, warehouse_tags MAP<STRING, STRING>, statement_parts ARRAY<STRING>)"""
			.formatted(table), """
				INSERT INTO %s VALUES ('r1', 'ann@corp.example', 'SELECT 1', TIMESTAMP '%s', TIMESTAMP '%s',
				    named_struct('job_info', named_struct('job_id', 'j-1'), 'notebook_id', CAST(NULL AS STRING)),
				    42, map('team', 'fin'), array('a', 'b'))""".formatted(table, start, start.plusSeconds(5)));
		DataSource dataSource = new DriverManagerDataSource(warehouse.url());
		String url = warehouse.url();
		HistorySource source = new HistorySource("default", new SourceDatabase(dataSource, table,
				"system.information_schema.tables", false, Secrets.mask(url)), 100,
				java.time.Duration.ofMinutes(1), new OwnStatements(List.of()));
		HistoryReader reader = new HistoryReader();

		List<HistoryRow> rows = new ArrayList<>();
		reader.read(source, start.minus(1, ChronoUnit.HOURS), start.plus(1, ChronoUnit.HOURS), 10,
				batch -> {
					rows.addAll(batch.rows());
					return batch.rows().size();
				});

		assertThat(rows).hasSize(1);
		HistoryRow row = rows.get(0);
		assertThat(row.statementId()).isEqualTo("r1");
		assertThat(row.time(HistoryColumn.START_TIME)).isEqualTo(start);
		assertThat(row.updateTime()).isEqualTo(start.plusSeconds(5));
		assertThat(row.json(HistoryColumn.QUERY_SOURCE).json())
			.isEqualTo("{\"job_info\":{\"job_id\":\"j-1\"},\"notebook_id\":null}");
		assertThat(row.values()).doesNotContainKeys(HistoryColumn.QUERY_TAGS, HistoryColumn.EXECUTION_STATUS,
				HistoryColumn.COMPUTE);
		assertThat(row.extras()).containsOnlyKeys("rows_scanned_by_photon", "warehouse_tags", "statement_parts");
		assertThat(row.extras().get("rows_scanned_by_photon").json()).isEqualTo("42");
		assertThat(row.extras().get("warehouse_tags").json()).isEqualTo("{\"team\":\"fin\"}");
		assertThat(row.extras().get("statement_parts").json()).isEqualTo("[\"a\",\"b\"]");
		assertThat(reader.count(source, start.minus(1, ChronoUnit.HOURS), start.plus(1, ChronoUnit.HOURS))).isEqualTo(1);
	}

	@Test
	void readsAMostlyStoredWindowKeyFirstAndTheRestById() throws Exception {
		String table = "system.query.history_" + UUID.randomUUID().toString().substring(0, 8);
		Instant start = Instant.parse("2026-03-01T10:15:30.123456Z");
		StringBuilder values = new StringBuilder();
		for (int i = 1; i <= 12; i++) {
			values.append(i == 1 ? "" : ", ").append("('r%02d', 'SELECT %d', TIMESTAMP '%s')".formatted(i, i,
					start.plusSeconds(i)));
		}
		warehouse.execute("CREATE TABLE %s (statement_id STRING, statement_text STRING, update_time TIMESTAMP)"
			.formatted(table), "INSERT INTO %s VALUES %s".formatted(table, values));
		HistorySource source = new HistorySource("default", new SourceDatabase(new DriverManagerDataSource(warehouse.url()),
				table, "system.information_schema.tables", false, Secrets.mask(warehouse.url())), 100,
				java.time.Duration.ofMinutes(1), new OwnStatements(List.of()));
		Set<String> stored = Set.of("r01", "r02", "r03", "r04", "r05", "r06", "r07", "r08", "r09", "r11", "r12");

		List<HistoryRow> whole = new ArrayList<>();
		int[] unchanged = { 0 };
		new HistoryReader().read(source, start, start.plus(1, ChronoUnit.HOURS), 4, new HistoryReader.BatchHandler() {

			@Override
			public int handle(HistoryReader.Batch batch) {
				whole.addAll(batch.rows());
				unchanged[0] += batch.unchanged();
				return (int) batch.rows().stream().filter(row -> !stored.contains(row.statementId())).count();
			}

			@Override
			public Set<String> current(List<HistoryReader.RowKey> keys) {
				return keys.stream().map(HistoryReader.RowKey::statementId).filter(stored::contains).collect(Collectors.toSet());
			}

		});

		assertThat(whole).extracting(HistoryRow::statementId).containsExactly("r01", "r02", "r03", "r04", "r10");
		assertThat(whole.get(4).statementText()).isEqualTo("SELECT 10");
		assertThat(whole.get(4).updateTime()).isEqualTo(start.plusSeconds(10));
		assertThat(unchanged[0]).isEqualTo(7);
	}

}
