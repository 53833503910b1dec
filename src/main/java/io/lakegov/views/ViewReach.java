package io.lakegov.views;

import java.time.LocalDate;

/**
 * A view built on a table, directly or through other views, for the days of a window it did so.
 *
 * @param view the view
 * @param kind VIEW, MATERIALIZED_VIEW or METRIC_VIEW
 * @param depth 1 for a view that reads the table itself, 2 for a view of such a view ...
 * @param path how the view reaches the table
 * @param from the first day of the window on which it did
 * @param to the last such day
 */
public record ViewReach(String view, String kind, int depth, ViewPath path, LocalDate from, LocalDate to) {

}
