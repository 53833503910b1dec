package io.lakegov.impact;

import java.time.Instant;

/**
 * A user who read or wrote the table in the window.
 *
 * @param user who ran the statements
 * @param statements how many
 * @param lineageOnly of those, statements resting on the engine's lineage alone
 * @param timeTravelStatements of those, reads of an earlier version
 * @param last the latest one
 */
public record ImpactUser(String user, long statements, long lineageOnly, long timeTravelStatements, Instant last) {

}
