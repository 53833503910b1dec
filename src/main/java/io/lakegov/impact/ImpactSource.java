package io.lakegov.impact;

import java.time.Instant;

/**
 * A job, notebook, dashboard, alert, pipeline ... that read or wrote the table in the window.
 *
 * @param kind JOB, NOTEBOOK, DASHBOARD, LEGACY_DASHBOARD, ALERT, SQL_QUERY, GENIE_SPACE or PIPELINE
 * @param id its id in the workspace
 * @param role READ or WRITE
 * @param statements how many statements
 * @param lineageOnly of those, statements resting on the engine's lineage alone
 * @param last the latest one
 */
public record ImpactSource(String kind, String id, String role, long statements, long lineageOnly, Instant last) {

}
