package io.lakegov.usage.rollups;

import java.sql.Date;
import java.util.Collection;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;

/**
 * The (day, table) pairs whose rollup rows a batch rebuilds, bound as the two parallel array parameters
 * {@code :tables} and {@code :dates} that the rollup statements unnest as
 * {@code t(table_name, business_date)}: one round trip per statement, whatever the number of pairs.
 */
public final class DayTablePairs {

	private final String[] tables;

	private final Date[] dates;

	public DayTablePairs(Collection<String> tables, Collection<Date> dates) {
		if (tables.size() != dates.size()) {
			throw new IllegalArgumentException("one date per table, got " + tables.size() + " and " + dates.size());
		}
		this.tables = tables.toArray(String[]::new);
		this.dates = dates.toArray(Date[]::new);
	}

	boolean isEmpty() {
		return tables.length == 0;
	}

	/**
	 * Deletes the rows of these pairs from a rollup keyed by {@code business_date} and the given table
	 * column; {@code rollup} and {@code tableColumn} are lakegov's own names, never input.
	 */
	public void delete(JdbcClient jdbc, String rollup, String tableColumn) {
		bind(jdbc.sql("""
				DELETE FROM %s r
				USING unnest(:tables::text[], :dates::date[]) AS t(table_name, business_date)
				WHERE r.%s = t.table_name AND r.business_date = t.business_date""".formatted(rollup, tableColumn)))
			.update();
	}

	public JdbcClient.StatementSpec bind(JdbcClient.StatementSpec statement) {
		return statement.param("tables", new SqlArrayValue("text", (Object[]) tables))
			.param("dates", new SqlArrayValue("date", (Object[]) dates));
	}

}
