package io.lakegov.reports;

import java.time.Instant;

/**
 * A table read together with another one.
 *
 * @param table the other table
 * @param statements statements that read both (joined, in a subquery, a union: anywhere in one statement)
 * @param lastRead the latest of those statements
 */
public record RelatedTable(String table, long statements, Instant lastRead) {

}
