package io.lakegov.reports.rankings;

import io.lakegov.web.PageResponse;

import java.time.LocalDate;

/**
 * Tables present in the inventory with no read in the window, neither directly nor through a view, and in no
 * Delta Sharing share, oldest last access first.
 *
 * @param from the first business day of the window
 * @param to the last business day (today)
 * @param tables one page of tables
 */
public record UnusedTables(LocalDate from, LocalDate to, PageResponse<UnusedTable> tables) {

}
