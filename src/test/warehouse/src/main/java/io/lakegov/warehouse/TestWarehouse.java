package io.lakegov.warehouse;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.apache.hive.service.Service;
import org.apache.hive.service.cli.thrift.ThriftCLIService;
import org.apache.hive.service.rpc.thrift.TCLIService;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.hive.thriftserver.HiveThriftServer2;

/**
 * A SQL warehouse to point lakegov at with the Databricks JDBC driver, without a workspace: Spark's
 * Thrift server with Delta Lake, a {@code system} catalog holding {@code system.query.history} and
 * {@code system.information_schema.tables} with Databricks' column types, and Delta tables with a
 * history of versions, retention settings and a VACUUM.
 *
 * <p>
 * Arguments: {@code PORT WORK_DIR [INIT_SQL]}. It listens on 127.0.0.1:PORT over HTTP at path
 * {@code cliservice}, runs the statements of INIT_SQL (separated by {@code ;}), prints
 * {@code WAREHOUSE READY} on a line of its own, and serves until killed.
 */
public final class TestWarehouse {

	static final String READY = "WAREHOUSE READY";

	private TestWarehouse() {
	}

	public static void main(String[] args) throws Exception {
		if (args.length < 2 || args.length > 3) {
			System.err.println("usage: TestWarehouse PORT WORK_DIR [INIT_SQL]");
			System.exit(2);
		}
		int port = Integer.parseInt(args[0]);
		Path work = Path.of(args[1]).toAbsolutePath();
		List<String> init = args.length == 3 ? SqlScript.statements(Files.readString(Path.of(args[2]),
				StandardCharsets.UTF_8)) : List.of();
		long started = System.nanoTime();

		SparkSession spark = session(work);
		Seed.systemTables(spark);
		Seed.lakehouse(spark);
		for (String statement : init) {
			spark.sql(statement).collect();
		}
		Inventory inventory = new Inventory(spark);
		inventory.refresh();

		HiveThriftServer2 server = HiveThriftServer2.startWithContext(spark.sqlContext());
		ThriftHttpFront front = new ThriftHttpFront(new InetSocketAddress("127.0.0.1", port), "/cliservice",
				sparkService(server), (maxRows, rows) -> System.out.println("fetch maxRows=" + maxRows + " rows=" + rows));
		front.start();

		ScheduledExecutorService refresher = Executors.newSingleThreadScheduledExecutor(runnable -> {
			Thread thread = new Thread(runnable, "inventory-refresh");
			thread.setDaemon(true);
			return thread;
		});
		// tables that clients create show up in the inventory, as in Unity Catalog
		refresher.scheduleWithFixedDelay(inventory::refreshIfChanged, 5, 5, TimeUnit.SECONDS);
		Runtime.getRuntime().addShutdownHook(new Thread(() -> {
			front.close();
			server.stop();
			spark.stop();
		}));
		System.out.printf("started in %.1f s on http://127.0.0.1:%d/cliservice%n", (System.nanoTime() - started) / 1e9,
				front.port());
		System.out.println(READY);
		System.out.flush();
		Thread.currentThread().join();
	}

	private static SparkSession session(Path work) throws IOException {
		Path tmp = Files.createDirectories(work.resolve("tmp"));
		for (String dir : List.of("hive.exec.scratchdir", "hive.exec.local.scratchdir", "hive.downloaded.resources.dir",
				"hive.querylog.location", "hive.server2.logging.operation.log.location")) {
			System.setProperty(dir, Files.createDirectories(work.resolve("hive").resolve(dir)).toString());
		}
		// Spark's own Thrift listener is not used (ThriftHttpFront is the endpoint): any free loopback port
		System.setProperty("hive.server2.transport.mode", "binary");
		System.setProperty("hive.server2.thrift.bind.host", "127.0.0.1");
		System.setProperty("hive.server2.thrift.port", "0");
		System.setProperty("hive.server2.authentication", "NOSASL");
		System.setProperty("hive.server2.logging.operation.enabled", "false");
		return SparkSession.builder()
			.master("local[1]")
			.appName("lakegov-test-warehouse")
			.config("spark.ui.enabled", "false")
			.config("spark.driver.host", "127.0.0.1")
			.config("spark.driver.bindAddress", "127.0.0.1")
			.config("spark.sql.shuffle.partitions", "1")
			// VACUUM lists files in this many tasks: 10,000 by default, minutes on one core
			.config("spark.sql.sources.parallelPartitionDiscovery.parallelism", "1")
			.config("spark.sql.session.timeZone", "UTC")
			.config("spark.sql.catalogImplementation", "in-memory")
			.config("spark.sql.hive.thriftServer.singleSession", "true")
			.config("spark.local.dir", tmp.toString())
			.config("spark.sql.warehouse.dir", work.resolve("lakehouse").toString())
			.config("spark.sql.extensions", "io.delta.sql.DeltaSparkSessionExtension,"
					+ "org.apache.iceberg.spark.extensions.IcebergSparkSessionExtensions")
			.config("spark.sql.catalog.spark_catalog", "org.apache.spark.sql.delta.catalog.DeltaCatalog")
			// a three-part system.query.history needs a V2 catalog named system
			.config("spark.sql.catalog.system", "org.apache.iceberg.spark.SparkCatalog")
			.config("spark.sql.catalog.system.type", "hadoop")
			.config("spark.sql.catalog.system.warehouse", work.resolve("system").toUri().toString())
			// the seed vacuums with no retention, so time travel beyond it fails as on a real table
			.config("spark.databricks.delta.retentionDurationCheck.enabled", "false")
			.getOrCreate();
	}

	private static TCLIService.Iface sparkService(HiveThriftServer2 server) {
		for (Service service : server.getServices()) {
			if (service instanceof ThriftCLIService thrift) {
				return thrift;
			}
		}
		throw new IllegalStateException("Spark's Thrift server has no Thrift CLI service");
	}

}
