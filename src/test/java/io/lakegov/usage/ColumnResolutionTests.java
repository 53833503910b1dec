package io.lakegov.usage;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ColumnResolutionTests {

	static final List<String> ORDERS = List.of("main", "s", "orders");

	static final List<String> CUSTOMERS = List.of("main", "s", "customers");

	static final List<String> EVENTS = List.of("main", "s", "events");

	/** orders and customers have known columns, events has none in the inventory. */
	final ColumnResolution resolution = new ColumnResolution(parts -> String.join(".", parts),
			Map.of("main.s.orders", List.of("id", "amount", "status"), "main.s.customers", List.of("id", "name"))::get);

	@Test
	void expandsAStarToTheInventorysColumnsAndSaysSoWhenItKnowsNone() {
		assertThat(render(new StoredColumn(ORDERS, "*", "READ", List.of(), false, List.of("status"))))
			.containsExactly("main.s.orders.id RESOLVED", "main.s.orders.amount RESOLVED");
		assertThat(render(new StoredColumn(EVENTS, "*", "READ", List.of(), false, List.of())))
			.containsExactly("main.s.events.* UNRESOLVED");
	}

	@Test
	void givesAnUnqualifiedColumnToTheOnlyTableOfItsLevelThatHasIt() {
		assertThat(render(unqualified("amount", false, level(false, ORDERS, CUSTOMERS))))
			.containsExactly("main.s.orders.amount RESOLVED");
	}

	@Test
	void saysAmbiguousWhenSeveralTablesHaveItOrMayHaveIt() {
		assertThat(render(unqualified("id", false, level(false, ORDERS, CUSTOMERS))))
			.containsExactly("main.s.orders.id AMBIGUOUS [main.s.orders, main.s.customers]",
					"main.s.customers.id AMBIGUOUS [main.s.orders, main.s.customers]");
		assertThat(render(unqualified("amount", false, level(false, ORDERS, EVENTS))))
			.as("events' columns are not known")
			.containsExactly("main.s.orders.amount AMBIGUOUS [main.s.orders, main.s.events]",
					"main.s.events.amount AMBIGUOUS [main.s.orders, main.s.events]");
		assertThat(render(unqualified("amount", false, level(true, ORDERS))))
			.as("a relation of unknown columns could supply it")
			.containsExactly("main.s.orders.amount UNRESOLVED [main.s.orders]");
	}

	@Test
	void looksInOuterLevelsOnlyWhenTheInnerOnesSurelyLackIt() {
		assertThat(render(unqualified("name", false, level(false, ORDERS), level(false, CUSTOMERS))))
			.containsExactly("main.s.customers.name RESOLVED");
		assertThat(render(unqualified("id", false, level(false, ORDERS), level(false, CUSTOMERS))))
			.as("the inner table has it").containsExactly("main.s.orders.id RESOLVED");
	}

	@Test
	void dropsANameNoTableHasWhenTheStatementDefinesItAndKeepsTheOnlyTableOtherwise() {
		assertThat(render(unqualified("total", true, level(false, ORDERS, CUSTOMERS)))).isEmpty();
		assertThat(render(unqualified("total", false, level(false, ORDERS, CUSTOMERS))))
			.containsExactly("main.s.orders.total UNRESOLVED [main.s.orders, main.s.customers]",
					"main.s.customers.total UNRESOLVED [main.s.orders, main.s.customers]");
		assertThat(render(unqualified("x", false, level(false, EVENTS)))).containsExactly("main.s.events.x RESOLVED");
	}

	@Test
	void recordsColumnsUnknownAsSuch() {
		assertThat(render(new StoredColumn(ORDERS, null, "WRITE", List.of(), false, List.of())))
			.containsExactly("main.s.orders. UNKNOWN");
	}

	private static StoredColumn unqualified(String name, boolean alias, StoredColumn.Level... levels) {
		return new StoredColumn(null, name, "READ", List.of(levels), alias, List.of());
	}

	@SafeVarargs
	private static StoredColumn.Level level(boolean opaque, List<String>... tables) {
		List<List<String>> candidates = new ArrayList<>();
		for (List<String> table : tables) {
			candidates.add(table);
		}
		return new StoredColumn.Level(candidates, opaque);
	}

	private List<String> render(StoredColumn column) {
		return resolution.attribute(column)
			.stream()
			.map(a -> a.table() + "." + a.column() + " " + a.resolution()
					+ (a.candidates().isEmpty() ? "" : " " + a.candidates()))
			.toList();
	}

}
