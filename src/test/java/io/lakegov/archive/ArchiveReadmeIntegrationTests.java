package io.lakegov.archive;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;

import io.lakegov.archive.delta.ArchiveMigrations;
import io.lakegov.archive.delta.ArchiveSchema;
import io.lakegov.archive.delta.Warehouse;
import io.lakegov.archive.outbox.Archiver;
import io.lakegov.ingest.IngestionService;
import io.lakegov.ingest.RunKind;
import io.lakegov.support.TestWarehouse;
import io.lakegov.support.WarehouseHistory;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The README's example SQL on the archive runs on the test warehouse, through the Databricks driver, and
 * answers what it says it answers; an archive of an earlier schema version is migrated.
 */
@ArchiveWarehouseTest
class ArchiveReadmeIntegrationTests {

	static final Instant T0 = Instant.now().minus(3, ChronoUnit.DAYS).truncatedTo(ChronoUnit.HOURS);

	@Autowired
	IngestionService ingestion;

	@Autowired
	Archiver archiver;

	@Autowired
	JdbcClient jdbc;

	@Test
	void theReadmeExamplesAnswerOnTheArchive() throws IOException, SQLException {
		WarehouseHistory source = ArchiveTesting.reset(jdbc, archiver);
		String nonce = UUID.randomUUID().toString().substring(0, 8);
		source.insert(List.of(
				source.row("r1").user("alice@corp.example").started(T0)
					.text("SELECT * FROM spark_catalog.sales.orders -- " + nonce),
				source.row("r2").user("alice@corp.example").started(T0.plusSeconds(60))
					.text("SELECT count(*) FROM spark_catalog.sales.orders VERSION AS OF 2 -- " + nonce),
				source.row("w1").user("bob@corp.example").job("j-1").started(T0.plusSeconds(120))
					.text("INSERT INTO spark_catalog.gold.daily SELECT * FROM spark_catalog.sales.orders -- " + nonce)));
		assertThat(ingestion.runIncremental(RunKind.MANUAL).status()).isEqualTo("SUCCEEDED");
		ArchiveTesting.archiveAll(archiver, jdbc);

		List<String> examples = examples();
		assertThat(examples).hasSize(4);
		assertThat(ArchiveIntegrationTests.archive(examples.get(0)))
			.extracting(row -> row.substring(0, row.lastIndexOf('|')))
			.containsExactly("alice@corp.example|DIRECT|2", "bob@corp.example|DIRECT|1");
		assertThat(ArchiveIntegrationTests.archive(examples.get(1))).singleElement()
			.satisfies(row -> assertThat(row).startsWith("spark_catalog.gold.daily|∅|"));
		assertThat(ArchiveIntegrationTests.archive(examples.get(2)))
			.containsExactly("spark_catalog.sales.orders|VERSION|1|2|∅");
		assertThat(ArchiveIntegrationTests.archive(examples.get(3))).hasSize(2)
			.allSatisfy(row -> assertThat(row).contains("ADHOC"));
	}

	@Test
	void upgradesTheArchiveOfAnEarlierVersion() throws SQLException {
		ArchiveSchema schema = ArchiveSchema.of(ArchiveWarehouseTest.SCHEMA);
		TestWarehouse.instance().execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE", "CREATE SCHEMA " + schema);
		Warehouse warehouse = new Warehouse(new DriverManagerDataSource(TestWarehouse.instance().directUrl()),
				Duration.ofMinutes(5));
		assertThat(new ArchiveMigrations(ArchiveMigrations.ALL).migrate(warehouse, schema)).isEqualTo(1);
		List<ArchiveMigrations.Migration> next = new ArrayList<>(ArchiveMigrations.ALL);
		next.add(new ArchiveMigrations.Migration(2, "query groups", of -> List.of("ALTER TABLE "
				+ of.table("query_history") + " ADD COLUMNS (query_group STRING COMMENT 'the query group')")));
		ArchiveMigrations upgrade = new ArchiveMigrations(next);

		assertThat(upgrade.migrate(warehouse, schema)).isEqualTo(2);
		assertThat(upgrade.migrate(warehouse, schema)).isEqualTo(2);
		assertThat(ArchiveIntegrationTests.archive("SELECT version FROM " + schema
				+ ".lakegov_archive_version ORDER BY version")).containsExactly("1", "2");
		assertThat(ArchiveIntegrationTests.archive("DESCRIBE TABLE " + schema + ".query_history"))
			.contains("query_group|string|the query group")
			.anySatisfy(row -> assertThat(row).startsWith("business_date|date|The day the statement started"));
	}

	/** The statements of the README's example block, on the test warehouse's schema and tables. */
	static List<String> examples() throws IOException {
		String readme = Files.readString(Path.of("README.md"), StandardCharsets.UTF_8);
		int intro = readme.indexOf("What analysts ask the archive");
		int start = readme.indexOf("```sql\n", intro) + "```sql\n".length();
		String block = readme.substring(start, readme.indexOf("```", start));
		List<String> statements = new ArrayList<>();
		for (String statement : block.split(";")) {
			String sql = Arrays.stream(statement.split("\n"))
				.filter(line -> !line.startsWith("--"))
				.reduce("", (a, b) -> a + b + "\n")
				.strip();
			if (!sql.isEmpty()) {
				statements.add(sql.replace("main.lakegov_archive", ArchiveWarehouseTest.SCHEMA)
					.replace("main.sales.orders", "spark_catalog.sales.orders"));
			}
		}
		return statements;
	}

}
