package io.lakegov.impact;

import java.time.Instant;

/**
 * A table linked to the reported one by statements that read one and wrote the other.
 *
 * @param table the other table
 * @param statements statements in the window that linked them
 * @param last the latest such statement
 */
public record LinkedTable(String table, long statements, Instant last) {

}
