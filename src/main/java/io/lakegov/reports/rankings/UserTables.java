package io.lakegov.reports.rankings;

import io.lakegov.web.PageResponse;

import java.time.LocalDate;

/**
 * What one user read and wrote in a date range.
 *
 * @param user the user
 * @param from the first business day
 * @param to the last business day, included
 * @param tables one page of tables, most used first
 */
public record UserTables(String user, LocalDate from, LocalDate to, PageResponse<UserTable> tables) {

}
