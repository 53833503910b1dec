package io.lakegov.catalog;

import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import io.lakegov.support.TestWarehouse;
import io.lakegov.support.WarehouseIntegrationTest;
import io.lakegov.usage.DateRange;
import io.lakegov.views.Views;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The inventory sync reading the test warehouse's {@code system.information_schema.tables} and
 * {@code views} and {@code columns} through the driver.
 */
@WarehouseIntegrationTest
class DatabricksCatalogSyncIntegrationTests {

	@Autowired
	CatalogSync sync;

	@Autowired
	JdbcClient jdbc;

	@Autowired
	Views views;

	TestWarehouse warehouse = TestWarehouse.instance();

	@Test
	void syncsTheWarehousesTablesAndSeesOneAppearAndVanish() throws InterruptedException {
		sync.sync();
		assertThat(jdbc.sql("""
				SELECT table_catalog || '.' || table_schema || '.' || table_name || '|' || data_source_format || '|'
				       || (created IS NOT NULL) || '|' || (storage_path LIKE 'file:%')
				FROM table_inventory WHERE table_schema = 'sales' AND valid_to IS NULL ORDER BY 1""")
			.query(String.class)
			.list()).contains("spark_catalog.sales.customers|DELTA|true|true", "spark_catalog.sales.orders|DELTA|true|true");
		assertThat(jdbc.sql("""
				SELECT column_name || ':' || ordinal_position || ':' || data_type FROM column_inventory
				WHERE table_name = 'spark_catalog.sales.orders' AND valid_to IS NULL ORDER BY ordinal_position""")
			.query(String.class)
			.list()).as("information_schema.columns").containsExactly("id:1:BIGINT", "amount:2:DOUBLE", "region:3:STRING");

		String name = "returns_" + UUID.randomUUID().toString().substring(0, 8);
		warehouse.execute("CREATE TABLE spark_catalog.sales." + name + " (id BIGINT) USING delta");
		CatalogSyncResult appeared = syncUntil(result -> result.appeared() > 0);
		assertThat(appeared.appeared()).isEqualTo(1);

		warehouse.execute("DROP TABLE spark_catalog.sales." + name);
		CatalogSyncResult vanished = syncUntil(result -> result.vanished() > 0);
		assertThat(vanished.vanished()).isEqualTo(1);
		assertThat(jdbc.sql("SELECT count(*) FROM table_inventory WHERE table_name = :n AND valid_to IS NOT NULL")
			.param("n", name)
			.query(Long.class)
			.single()).isEqualTo(1);
	}

	@Test
	void keepsTheDefinitionsOfTheWarehousesViewsAndFollowsReadsThroughThem() throws InterruptedException {
		String name = "orders_view_" + UUID.randomUUID().toString().substring(0, 8);
		warehouse.execute("CREATE VIEW spark_catalog.sales." + name + " AS SELECT * FROM sales.orders");
		syncUntil(result -> jdbc.sql("SELECT count(*) FROM view_inventory WHERE table_schema = 'sales' AND full_name = :n")
			.param("n", "spark_catalog.sales." + name)
			.query(Long.class)
			.single() > 0);
		assertThat(jdbc.sql("SELECT definition FROM view_inventory WHERE full_name = :n")
			.param("n", "spark_catalog.sales." + name)
			.query(String.class)
			.single()).containsIgnoringCase("sales.orders");
		var reaches = views.reaching("spark_catalog.sales.orders", DateRange.lastDays(LocalDate.now(ZoneOffset.UTC), 2));
		assertThat(reaches.reaches()).extracting(reach -> reach.path().path())
			.contains("spark_catalog.sales.orders ← spark_catalog.sales." + name);
		warehouse.execute("DROP VIEW spark_catalog.sales." + name);
		syncUntil(result -> result.viewDefinitions() > 0);
		assertThat(jdbc.sql("SELECT ended FROM view_inventory WHERE full_name = :n")
			.param("n", "spark_catalog.sales." + name)
			.query(String.class)
			.single()).isEqualTo("VANISHED");
	}

	/** The warehouse refreshes its information schema every few seconds, as Unity Catalog's lags too. */
	private CatalogSyncResult syncUntil(java.util.function.Predicate<CatalogSyncResult> done) throws InterruptedException {
		long deadline = System.nanoTime() + Duration.ofMinutes(1).toNanos();
		CatalogSyncResult result = sync.sync();
		while (!done.test(result) && System.nanoTime() < deadline) {
			TimeUnit.SECONDS.sleep(1);
			result = sync.sync();
		}
		return result;
	}

}
