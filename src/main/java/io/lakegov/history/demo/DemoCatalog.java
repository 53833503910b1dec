package io.lakegov.history.demo;

import java.util.List;

/**
 * The made-up lakehouse the demo workload runs against: its tables, people, service principals and the
 * jobs, notebooks, dashboards and alerts they use.
 */
final class DemoCatalog {

	static final String CATALOG = "main";

	/** Tables that exist, by schema.table within {@link #CATALOG}. */
	static final List<String> TABLES = List.of("bronze.events", "bronze.sales_transactions", "bronze.customers_raw",
			"bronze.products", "silver.orders", "silver.customers", "silver.products_history", "silver.sessions",
			"gold.daily_revenue", "gold.customer_ltv", "gold.product_performance", "gold.marketing_funnel",
			"sales.orders", "sales.customers", "sales.returns", "finance.invoices", "finance.ledger",
			"finance.fx_rates", "ops.audit_log", "ops.pipeline_metrics", "hr.employees", "marketing.campaigns",
			"marketing.attribution", "legacy.orders_2019", "legacy.customers_2019", "archive.clickstream_2021");

	/** Present in the inventory but never touched by the workload. */
	static final List<String> UNUSED = List.of("legacy.orders_2019", "legacy.customers_2019",
			"archive.clickstream_2021");

	/** Read with deep time travel beyond its (default) retention: these reads fail after 7 days. */
	static final String TIME_TRAVELLED = "bronze.sales_transactions";

	/** Retains far more history than anyone reaches back to. */
	static final String OVER_RETAINED = "finance.ledger";

	static final List<String> PEOPLE = List.of("alice@corp.example", "bob@corp.example", "carol@corp.example",
			"dan@corp.example", "erin@corp.example", "frank@corp.example", "grace@corp.example", "heidi@corp.example",
			"ivan@corp.example", "judy@corp.example", "mallory@corp.example", "niaj@corp.example", "olivia@corp.example",
			"peggy@corp.example", "rupert@corp.example", "sybil@corp.example", "trent@corp.example",
			"victor@corp.example", "walter@corp.example", "yuki@corp.example");

	/** People who only look at the executive dashboard, which reads the views on sales.orders. */
	static final List<String> EXECUTIVES = List.of("ceo@corp.example", "cfo@corp.example", "vp-sales@corp.example");

	static final List<String> SERVICE_PRINCIPALS = List.of("etl-nightly-sp", "dbt-prod-sp", "ml-features-sp",
			"reverse-etl-sp", "quality-checks-sp");

	static final List<String> JOBS = List.of("1001", "1002", "1003", "1004", "1005", "1006");

	static final List<String> DASHBOARDS = List.of("01ef-revenue", "01ef-funnel", "01ef-ops", "01ef-exec");

	static final List<String> NOTEBOOKS = List.of("nb-3381", "nb-3382", "nb-4410", "nb-5120", "nb-6001");

	static final List<String> ALERTS = List.of("alert-late-orders", "alert-revenue-drop");

	static final List<String> GENIE_SPACES = List.of("genie-sales");

	static final List<String> PIPELINES = List.of("pipe-cdc-products");

	private DemoCatalog() {
	}

	static String qualified(String schemaTable) {
		return CATALOG + "." + schemaTable;
	}

}
