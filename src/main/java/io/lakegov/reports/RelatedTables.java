package io.lakegov.reports;

import java.time.LocalDate;

import io.lakegov.web.PageResponse;

/**
 * The tables read together with a table, most statements first.
 *
 * @param table the resolved table
 * @param seen whether lakegov ever saw it used or in the inventory
 * @param from the first business date
 * @param to the last business date, included
 * @param reads statements that read the table in the range, with other tables or alone
 * @param tables the tables read in the same statements
 */
public record RelatedTables(String table, boolean seen, LocalDate from, LocalDate to, long reads,
		PageResponse<RelatedTable> tables) {

}
