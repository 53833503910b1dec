package io.lakegov.history.demo;

import java.util.List;
import java.util.Map;
import java.util.Random;

import io.lakegov.history.demo.DemoStatement.Truth;
import io.lakegov.history.demo.DemoStatements.Shape;

/**
 * The demo lakehouse's views: a two-level chain on {@code sales.orders} made by statements at the start of
 * the history (and listed in the inventory with their definitions), and the people who read the views.
 */
final class DemoViews {

	static final String ENRICHED = "sales.orders_enriched";

	static final String BY_REGION = "gold.revenue_by_region";

	/** schema.view within the demo catalog, and the defining query, in the order they are created. */
	static final Map<String, String> DEFINITIONS = Map.of(ENRICHED, """
			SELECT o.id, o.order_ts, o.amount, c.region FROM main.sales.orders o
			JOIN main.sales.customers c ON c.id = o.customer_id""", BY_REGION, """
			SELECT region, date(order_ts) AS day, sum(amount) AS revenue FROM main.sales.orders_enriched
			GROUP BY region, date(order_ts)""");

	private DemoViews() {
	}

	/** The statements that create the chain, the view on the table first. */
	static List<Shape> creations() {
		return List.of(
				new Shape("CREATE OR REPLACE VIEW main." + ENRICHED + " AS\n" + DEFINITIONS.get(ENRICHED), "CREATE",
						List.of(Truth.write(ENRICHED), Truth.read("sales.orders"), Truth.read("sales.customers"))),
				new Shape("CREATE OR REPLACE VIEW main." + BY_REGION + " AS\n" + DEFINITIONS.get(BY_REGION), "CREATE",
						List.of(Truth.write(BY_REGION), Truth.read(ENRICHED))));
	}

	/** Someone reading one of the views: the regional revenue most of the time, the enriched orders else. */
	static Shape read(Random random) {
		if (random.nextInt(3) > 0) {
			return new Shape("SELECT region, sum(revenue) FROM main." + BY_REGION
					+ " WHERE day >= current_date() - INTERVAL 7 DAYS GROUP BY region", "SELECT",
					List.of(Truth.read(BY_REGION)));
		}
		return new Shape("SELECT region, count(*) FROM main." + ENRICHED + " WHERE amount > " + random.nextInt(900)
				+ " GROUP BY region", "SELECT", List.of(Truth.read(ENRICHED)));
	}

}
