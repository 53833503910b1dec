package io.lakegov.reports.rankings;

import java.time.LocalDate;

import io.lakegov.web.PageResponse;

/**
 * What a schema's tables were used for in a date range.
 *
 * @param schema the schema, {@code catalog.schema}
 * @param seen whether lakegov knows any table of it
 * @param from the first business date
 * @param to the last business date, included
 * @param totals the schema's figures
 * @param tables its tables, most read first
 */
public record SchemaUsage(String schema, boolean seen, LocalDate from, LocalDate to, SchemaTotals totals,
		PageResponse<SchemaTable> tables) {

}
