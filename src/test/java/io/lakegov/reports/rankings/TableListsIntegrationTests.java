package io.lakegov.reports.rankings;

import java.time.LocalDate;
import java.util.List;
import java.util.UUID;

import io.lakegov.support.IntegrationTest;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

import static org.assertj.core.api.Assertions.assertThat;

/** Finding tables and schemas by any part of their name, with LIKE's wildcards taken literally. */
@IntegrationTest
class TableListsIntegrationTests {

	@Autowired
	TableLists lists;

	@Autowired
	JdbcClient jdbc;

	@Test
	void findsTablesByAnyPartOfTheirNameThoseStartingWithItFirst() {
		String catalog = uniqueCatalog();
		seen(catalog + ".sales.orders", "archive_" + catalog + ".sales.orders", catalog + ".sales.customers");

		assertThat(names(lists.containing(catalog + ".sales.orders", 10)))
			.containsExactly(catalog + ".sales.orders", "archive_" + catalog + ".sales.orders");
		assertThat(names(lists.containing("  " + catalog.toUpperCase() + ".SALES.CUST ", 10)))
			.containsExactly(catalog + ".sales.customers");
		assertThat(lists.containing(catalog, 1)).hasSize(1);
	}

	@Test
	void takesUnderscoresPercentSignsAndBackslashesLiterally() {
		String catalog = uniqueCatalog();
		seen(catalog + ".s.orders_2024", catalog + ".s.ordersx2024", catalog + ".s.`a%b`", catalog + ".s.`a\\b`");

		assertThat(names(lists.containing(catalog + ".s.orders_", 10))).containsExactly(catalog + ".s.orders_2024");
		assertThat(names(lists.containing(catalog + ".s.`a%", 10))).containsExactly(catalog + ".s.`a%b`");
		assertThat(names(lists.containing(catalog + ".s.`a\\", 10))).containsExactly(catalog + ".s.`a\\b`");
	}

	@Test
	void findsSchemasByAnyPartOfTheirName() {
		String catalog = uniqueCatalog();
		seen(catalog + ".sales.orders", catalog + ".sales.customers", catalog + ".sales_eu.orders", catalog + ".hr.people");

		assertThat(lists.schemasContaining(catalog + ".sales", 10)).containsExactly(catalog + ".sales",
				catalog + ".sales_eu");
		assertThat(lists.schemasContaining(catalog + ".sales_", 10)).containsExactly(catalog + ".sales_eu");
	}

	private void seen(String... tables) {
		for (String table : tables) {
			jdbc.sql("""
					INSERT INTO table_summary (table_name, first_date, last_date, reads, writes)
					VALUES (:table, :day, :day, 1, 0)""")
				.param("table", table)
				.param("day", LocalDate.of(2026, 3, 1))
				.update();
		}
	}

	private static List<String> names(List<TableEntry> entries) {
		return entries.stream().map(TableEntry::table).toList();
	}

	private static String uniqueCatalog() {
		return "c" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
	}

}
