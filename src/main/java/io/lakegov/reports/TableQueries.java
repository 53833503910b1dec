package io.lakegov.reports;

import java.time.LocalDate;

import io.lakegov.web.PageResponse;

/**
 * The statements behind a table's figures, grouped by shape.
 *
 * @param table the resolved table
 * @param seen whether lakegov ever saw it used or in the inventory
 * @param from the first business date
 * @param to the last business date, included
 * @param queries one entry per fingerprint
 */
public record TableQueries(String table, boolean seen, LocalDate from, LocalDate to, PageResponse<QueryGroup> queries) {

}
