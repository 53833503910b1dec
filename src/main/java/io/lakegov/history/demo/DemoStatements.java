package io.lakegov.history.demo;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import io.lakegov.history.demo.DemoStatement.Truth;

/**
 * The statement shapes of the demo workload, each with the tables it truly touches: dashboards and alerts
 * re-running the same text, CTE-heavy reports, sessions relying on USE, ETL with INSERT…SELECT, CTAS and
 * MERGE, time travel (some of it too deep for the table's retention), maintenance, temporary views and
 * failures.
 */
final class DemoStatements {

	private static final DateTimeFormatter TIMESTAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss")
		.withZone(ZoneOffset.UTC);

	/** A statement before it gets ids, user and times. */
	record Shape(String text, String type, List<Truth> truth, String error) {

		Shape(String text, String type, List<Truth> truth) {
			this(text, type, truth, null);
		}

	}

	private DemoStatements() {
	}

	static Shape dashboard(Random random, String dashboard) {
		return switch (Math.floorMod(dashboard.hashCode() + random.nextInt(2), 4)) {
			case 0 -> new Shape("""
					SELECT order_date, sum(revenue) AS revenue FROM main.gold.daily_revenue
					WHERE order_date >= current_date() - INTERVAL 30 DAYS GROUP BY order_date ORDER BY order_date""",
					"SELECT", List.of(Truth.read("gold.daily_revenue")));
			case 1 -> new Shape("""
					SELECT stage, count(*) AS users FROM main.gold.marketing_funnel f
					JOIN main.marketing.campaigns c ON f.campaign_id = c.id GROUP BY stage""", "SELECT",
					List.of(Truth.read("gold.marketing_funnel"), Truth.read("marketing.campaigns")));
			case 2 -> new Shape("""
					SELECT pipeline, avg(duration_s) FROM main.ops.pipeline_metrics
					WHERE run_date > date_sub(current_date(), 7) GROUP BY pipeline""", "SELECT",
					List.of(Truth.read("ops.pipeline_metrics")));
			default -> new Shape("""
					SELECT p.category, sum(pp.units) FROM main.gold.product_performance pp
					JOIN main.bronze.products p ON p.id = pp.product_id GROUP BY p.category""", "SELECT",
					List.of(Truth.read("gold.product_performance"), Truth.read("bronze.products")));
		};
	}

	static Shape alert() {
		return new Shape("SELECT count(*) AS late FROM main.sales.orders WHERE status = 'LATE' AND order_ts < now() - INTERVAL 2 HOURS",
				"SELECT", List.of(Truth.read("sales.orders")));
	}

	static Shape report(Random random) {
		int days = 7 + random.nextInt(80);
		if (random.nextBoolean()) {
			return new Shape("""
					WITH recent AS (SELECT * FROM main.sales.orders WHERE order_ts > current_date() - INTERVAL %d DAYS),
					     top_customers AS (SELECT customer_id, sum(amount) AS total FROM recent GROUP BY customer_id)
					SELECT c.name, t.total FROM top_customers t JOIN main.sales.customers c ON c.id = t.customer_id
					ORDER BY t.total DESC LIMIT 20""".formatted(days), "SELECT",
					List.of(Truth.read("sales.orders"), Truth.read("sales.customers")));
		}
		// a CTE named like a real table: only main.silver.orders is read
		return new Shape("""
				WITH orders AS (SELECT * FROM main.silver.orders WHERE amount > %d)
				SELECT r.reason, count(*) FROM orders o LEFT JOIN main.sales.returns r ON r.order_id = o.id
				GROUP BY r.reason""".formatted(random.nextInt(500)), "SELECT",
				List.of(Truth.read("silver.orders"), Truth.read("sales.returns")));
	}

	static Shape sessionQuery(Random random, String schema) {
		int id = random.nextInt(100_000);
		return switch (schema) {
			case "sales" -> new Shape("SELECT * FROM customers WHERE id = " + id, "SELECT",
					List.of(Truth.read("sales.customers")));
			case "finance" -> new Shape("SELECT i.*, l.entry FROM invoices i JOIN ledger l ON l.invoice_id = i.id WHERE i.id = " + id,
					"SELECT", List.of(Truth.read("finance.invoices"), Truth.read("finance.ledger")));
			default -> new Shape("SELECT count(*) FROM silver.sessions s JOIN events e ON e.session_id = s.id WHERE s.user_id = " + id,
					"SELECT", List.of(Truth.read("silver.sessions"), Truth.read("bronze.events")));
		};
	}

	static Shape etl(Random random) {
		return switch (random.nextInt(5)) {
			case 0 -> new Shape("""
					INSERT INTO main.gold.daily_revenue
					SELECT date(o.order_ts), c.region, sum(o.amount) FROM main.silver.orders o
					JOIN main.silver.customers c ON c.id = o.customer_id GROUP BY 1, 2""", "INSERT",
					List.of(Truth.write("gold.daily_revenue"), Truth.read("silver.orders"), Truth.read("silver.customers")));
			case 1 -> new Shape("""
					MERGE INTO main.silver.customers t USING main.bronze.customers_raw s ON t.id = s.id
					WHEN MATCHED THEN UPDATE SET * WHEN NOT MATCHED THEN INSERT *""", "MERGE",
					List.of(Truth.write("silver.customers"), Truth.read("bronze.customers_raw")));
			case 2 -> new Shape("""
					CREATE OR REPLACE TABLE main.gold.customer_ltv AS
					SELECT customer_id, sum(amount) AS ltv FROM main.silver.orders GROUP BY customer_id""", "CREATE_TABLE_AS_SELECT",
					List.of(Truth.write("gold.customer_ltv"), Truth.read("silver.orders")));
			case 3 -> new Shape("""
					INSERT OVERWRITE main.gold.product_performance
					SELECT p.id, count(*) FROM main.silver.orders o JOIN main.bronze.products p ON p.id = o.product_id GROUP BY p.id""",
					"INSERT", List.of(Truth.write("gold.product_performance"), Truth.read("silver.orders"),
							Truth.read("bronze.products")));
			default -> new Shape("""
					INSERT INTO main.silver.orders SELECT * FROM main.bronze.sales_transactions
					WHERE ingest_date = current_date()""", "INSERT",
					List.of(Truth.write("silver.orders"), Truth.read("bronze.sales_transactions")));
		};
	}

	static Shape pipeline() {
		return new Shape("""
				MERGE INTO main.silver.products_history t USING main.bronze.products s ON t.id = s.id
				WHEN MATCHED THEN UPDATE SET * WHEN NOT MATCHED THEN INSERT *""", "MERGE",
				List.of(Truth.write("silver.products_history"), Truth.read("bronze.products")));
	}

	/**
	 * Time travel. Reads of {@link DemoCatalog#TIME_TRAVELLED} more than 7 days back fail like Delta does
	 * once VACUUM removed the files.
	 */
	static Shape timeTravel(Random random, Instant now, long currentVersion) {
		String table = DemoCatalog.TIME_TRAVELLED;
		return switch (random.nextInt(4)) {
			case 0 -> {
				Instant at = now.minus(Duration.ofHours(6 + random.nextInt(14 * 24)));
				String ts = TIMESTAMP.format(at);
				boolean tooDeep = Duration.between(at, now).toDays() >= 7;
				yield new Shape("SELECT count(*) FROM main." + table + " TIMESTAMP AS OF '" + ts + "'", "SELECT",
						List.of(Truth.travel(table, "TIMESTAMP", ts)),
						tooDeep ? "[DELTA_FILE_NOT_FOUND_DETAILED] The time travel to timestamp '" + ts
								+ "' cannot be served: the files were removed by VACUUM. Set delta.deletedFileRetentionDuration to keep them longer."
								: null);
			}
			case 1 -> {
				long version = Math.max(0, currentVersion - 1 - random.nextInt(40));
				boolean tooDeep = currentVersion - version > 28;
				yield new Shape("SELECT * FROM main." + table + " VERSION AS OF " + version + " WHERE amount > 100",
						"SELECT", List.of(Truth.travel(table, "VERSION", Long.toString(version))),
						tooDeep ? "[DELTA_VERSION_NOT_FOUND] Cannot time travel Delta table to version " + version
								+ ". Available versions: [" + (currentVersion - 28) + ", " + currentVersion + "]." : null);
			}
			case 2 -> {
				long version = Math.max(0, currentVersion - 1 - random.nextInt(10));
				yield new Shape("SELECT * FROM table_changes('main.bronze.events', " + version + ")", "SELECT",
						List.of(Truth.travel("bronze.events", "VERSION", Long.toString(version))));
			}
			default -> {
				int version = 1 + random.nextInt(5);
				yield new Shape("SELECT count(*) FROM main.silver.orders@v" + version, "SELECT",
						List.of(Truth.travel("silver.orders", "VERSION", Integer.toString(version))));
			}
		};
	}

	static Shape maintenance(Random random) {
		return switch (random.nextInt(4)) {
			case 0 -> new Shape("OPTIMIZE main.bronze.events ZORDER BY (event_ts)", "OPTIMIZE",
					List.of(Truth.write("bronze.events")));
			case 1 -> new Shape("VACUUM main.bronze.events RETAIN 168 HOURS", "VACUUM",
					List.of(Truth.write("bronze.events")));
			case 2 -> new Shape("DESCRIBE HISTORY main." + DemoCatalog.TIME_TRAVELLED, "DESCRIBE",
					List.of(Truth.read(DemoCatalog.TIME_TRAVELLED)));
			default -> new Shape("DESCRIBE TABLE EXTENDED main.sales.orders", "DESCRIBE",
					List.of(Truth.read("sales.orders")));
		};
	}

	static Shape failure(Random random) {
		return new Shape("SELECT * FROM main.sales.order_items WHERE order_id = " + random.nextInt(1000), "SELECT",
				List.of(new Truth("main.sales.order_items", "READ", null, null)),
				"[TABLE_OR_VIEW_NOT_FOUND] The table or view `main`.`sales`.`order_items` cannot be found.");
	}

	/** A scratch table built from the audit log and dropped again, as backfill jobs do. */
	static List<Shape> scratchTable(Random random) {
		String scratch = "ops.tmp_backfill_" + Integer.toHexString(random.nextInt(1 << 20));
		return List.of(
				new Shape("CREATE TABLE main." + scratch + " AS SELECT * FROM main.ops.audit_log WHERE day = current_date()",
						"CREATE_TABLE_AS_SELECT", List.of(Truth.write(scratch), Truth.read("ops.audit_log"))),
				new Shape("DROP TABLE IF EXISTS main." + scratch, "DROP", List.of(Truth.write(scratch))));
	}

	/** The rename that gave marketing.attribution its name: both names change. */
	static Shape rename() {
		return new Shape("ALTER TABLE main.marketing.attribution_v1 RENAME TO main.marketing.attribution", "ALTER",
				List.of(Truth.write("marketing.attribution_v1"), Truth.write("marketing.attribution")));
	}

	static Shape genie() {
		return new Shape("""
				SELECT c.region, count(r.order_id) AS returns FROM main.sales.returns r
				JOIN main.sales.customers c ON c.id = r.customer_id GROUP BY c.region""", "SELECT",
				List.of(Truth.read("sales.returns"), Truth.read("sales.customers")));
	}

	static List<Shape> adhocMisc(Random random) {
		List<Shape> shapes = new ArrayList<>();
		shapes.add(new Shape("SELECT * FROM main.hr.employees WHERE department = 'Finance'", "SELECT",
				List.of(Truth.read("hr.employees"))));
		shapes.add(new Shape("SELECT * FROM main.finance.fx_rates WHERE day = current_date()", "SELECT",
				List.of(Truth.read("finance.fx_rates"))));
		shapes.add(new Shape("SELECT campaign, sum(conversions) FROM main.marketing.attribution GROUP BY campaign",
				"SELECT", List.of(Truth.read("marketing.attribution"))));
		shapes.add(new Shape("INSERT INTO main.ops.audit_log VALUES (current_timestamp(), 'manual check', "
				+ random.nextInt(100) + ")", "INSERT", List.of(Truth.write("ops.audit_log"))));
		return shapes;
	}

}
