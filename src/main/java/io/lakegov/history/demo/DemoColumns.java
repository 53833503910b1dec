package io.lakegov.history.demo;

import java.util.List;
import java.util.Map;

/**
 * The columns of the demo lakehouse's tables (by schema.table), as its {@code information_schema.columns}
 * lists them: the ones the workload uses, and some nobody reads.
 */
final class DemoColumns {

	static final Map<String, List<String>> BY_TABLE = Map.ofEntries(
			Map.entry("bronze.events", List.of("id", "session_id", "event_ts", "event_type", "payload")),
			Map.entry("bronze.sales_transactions",
					List.of("id", "customer_id", "product_id", "order_ts", "amount", "status", "ingest_date")),
			Map.entry("bronze.customers_raw", List.of("id", "name", "email", "region", "updated_at")),
			Map.entry("bronze.products", List.of("id", "name", "category", "price", "updated_at")),
			Map.entry("silver.orders",
					List.of("id", "customer_id", "product_id", "order_ts", "amount", "status", "ingest_date")),
			Map.entry("silver.customers", List.of("id", "name", "email", "region", "updated_at")),
			Map.entry("silver.products_history", List.of("id", "name", "category", "price", "updated_at")),
			Map.entry("silver.sessions", List.of("id", "user_id", "started_at", "ended_at", "device")),
			Map.entry("gold.daily_revenue", List.of("order_date", "region", "revenue")),
			Map.entry("gold.customer_ltv", List.of("customer_id", "ltv")),
			Map.entry("gold.product_performance", List.of("product_id", "units", "revenue")),
			Map.entry("gold.marketing_funnel", List.of("campaign_id", "stage", "user_id", "day")),
			Map.entry("sales.orders", List.of("id", "customer_id", "order_ts", "amount", "status", "channel", "notes")),
			Map.entry("sales.customers", List.of("id", "name", "email", "region", "phone", "created_at")),
			Map.entry("sales.returns", List.of("order_id", "customer_id", "reason", "returned_at")),
			Map.entry("finance.invoices", List.of("id", "customer_id", "amount", "issued_at", "due_at")),
			Map.entry("finance.ledger", List.of("invoice_id", "entry", "amount", "booked_at")),
			Map.entry("finance.fx_rates", List.of("day", "currency", "rate")),
			Map.entry("ops.audit_log", List.of("at", "action", "code", "day")),
			Map.entry("ops.pipeline_metrics", List.of("pipeline", "run_date", "duration_s", "rows_written")),
			Map.entry("hr.employees", List.of("id", "name", "department", "salary", "manager_id")),
			Map.entry("marketing.campaigns", List.of("id", "name", "channel", "budget")),
			Map.entry("marketing.attribution", List.of("campaign", "conversions", "day")),
			Map.entry("legacy.orders_2019", List.of("id", "customer_id", "amount")),
			Map.entry("legacy.customers_2019", List.of("id", "name")),
			Map.entry("archive.clickstream_2021", List.of("id", "url", "at")));

	private DemoColumns() {
	}

}
