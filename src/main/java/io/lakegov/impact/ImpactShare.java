package io.lakegov.impact;

import java.time.Instant;

/**
 * A Delta Sharing share the table is, or was, in: while it is, recipients outside the workspace read it, and
 * their reads never appear in this workspace's query history. Dropping or renaming the table breaks them.
 *
 * @param share the share's name
 * @param current whether the table is in the share now
 * @param alias the name recipients see it by; null when shared under its own name
 * @param withHistory whether recipients may read its history; null when no statement said
 * @param addedAt when it was added (or first seen in the share, see {@code openedBy})
 * @param addedBy who added it
 * @param addedStatement the statement that added it
 * @param openedBy ADD, UPDATE (already shared when lakegov's history begins) or RENAME (of the share)
 * @param removedAt when it left the share; null while current
 * @param removedBy who removed it
 * @param closedBy REMOVE, DROP (of the share) or RENAME (of the share); null while current
 * @param source the source of query history whose statements added and removed it (a share is one region's)
 */
public record ImpactShare(String share, boolean current, String alias, Boolean withHistory, Instant addedAt,
		String addedBy, String addedStatement, String openedBy, Instant removedAt, String removedBy, String closedBy,
		String source) {

}
