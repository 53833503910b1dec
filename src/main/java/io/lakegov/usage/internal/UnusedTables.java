package io.lakegov.usage.internal;

import java.time.LocalDate;

import io.lakegov.usage.Paged;

/**
 * Tables present in the inventory with no read in the window, oldest last access first.
 *
 * @param from the first business day of the window
 * @param to the last business day (today)
 * @param tables one page of tables
 */
public record UnusedTables(LocalDate from, LocalDate to, Paged<UnusedTable> tables) {

}
