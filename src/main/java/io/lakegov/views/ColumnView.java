package io.lakegov.views;

import java.time.Instant;

/**
 * A view whose current definition certainly reads a column of a table.
 *
 * @param view the view under its current name
 * @param kind VIEW, MATERIALIZED_VIEW or METRIC_VIEW
 * @param witness where its current definition was seen: HISTORY (a statement) or INVENTORY (the source's views)
 * @param definedAt when that definition was made (a renamed view's is that of the view it was)
 */
public record ColumnView(String view, String kind, String witness, Instant definedAt) {

}
