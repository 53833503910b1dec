package io.lakegov.usage.rollups;

import java.sql.Date;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.Set;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;

/**
 * The (day, table) pairs whose rollup rows a transaction rebuilds, staged in the temporary table
 * {@code rollup_pair(table_name, business_date)} that the rollup statements join. A table rather than an
 * array parameter because it is analysed: the planner knows how many pairs there are, and rebuilds a few
 * thousand pairs with hash joins over their days rather than one index probe per fact.
 */
final class DayTablePairs {

	private final Set<String> tables = new LinkedHashSet<>();

	private DayTablePairs(Collection<DayTable> pairs) {
		pairs.forEach(pair -> tables.add(pair.table()));
	}

	/** Stages the pairs for the statements of the caller's transaction that follow. */
	static DayTablePairs stage(JdbcClient jdbc, Collection<DayTable> pairs) {
		jdbc.sql("""
				CREATE TEMP TABLE IF NOT EXISTS rollup_pair (table_name text NOT NULL, business_date date NOT NULL,
				    PRIMARY KEY (table_name, business_date)) ON COMMIT DELETE ROWS""")
			.update();
		jdbc.sql("TRUNCATE rollup_pair").update();
		jdbc.sql("""
				INSERT INTO rollup_pair (table_name, business_date)
				SELECT DISTINCT * FROM unnest(:tables::text[], :dates::date[])""")
			.param("tables", new SqlArrayValue("text", pairs.stream().map(DayTable::table).toArray()))
			.param("dates", new SqlArrayValue("date", pairs.stream().map(pair -> Date.valueOf(pair.date())).toArray()))
			.update();
		jdbc.sql("ANALYZE rollup_pair").update();
		return new DayTablePairs(pairs);
	}

	/** The distinct tables of the pairs. */
	String[] tables() {
		return tables.toArray(String[]::new);
	}

	/**
	 * Deletes the rows of these pairs from a rollup keyed by {@code business_date} and the given table
	 * column; {@code rollup} and {@code tableColumn} are lakegov's own names, never input.
	 */
	void delete(JdbcClient jdbc, String rollup, String tableColumn) {
		jdbc.sql("""
				DELETE FROM %s r USING rollup_pair t
				WHERE r.%s = t.table_name AND r.business_date = t.business_date""".formatted(rollup, tableColumn))
			.update();
	}

}
