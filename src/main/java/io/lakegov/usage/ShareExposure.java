package io.lakegov.usage;

import java.time.Instant;

/**
 * One period in which a table was exposed outside the workspace through a Delta Sharing share.
 *
 * @param table the table's full name
 * @param share the share's name
 * @param alias the name recipients see it by, null when the table is shared under its own name
 * @param withHistory whether recipients may read its history (time travel, change feed); null when no
 *        statement said
 * @param openedBy how the period began: ADD, UPDATE (the table was already shared when lakegov's history begins)
 *        or RENAME (the share was renamed while the table was in it)
 * @param addedAt when the statement that began it started
 * @param addedBy who ran it
 * @param addedStatement its statement id
 * @param closedBy how the period ended: REMOVE, DROP or RENAME (of the share); null while the table is shared
 * @param removedAt when the statement that ended it started; null while the table is shared
 * @param removedBy who ran it
 * @param removedStatement its statement id
 */
public record ShareExposure(String table, String share, String alias, Boolean withHistory, String openedBy,
		Instant addedAt, String addedBy, String addedStatement, String closedBy, Instant removedAt, String removedBy,
		String removedStatement) {

	/** Whether the table is in the share now. */
	public boolean current() {
		return removedAt == null;
	}

	ShareExposure updated(String newAlias, Boolean history) {
		return new ShareExposure(table, share, newAlias != null ? newAlias : alias,
				history != null ? history : withHistory, openedBy, addedAt, addedBy, addedStatement, null, null, null,
				null);
	}

	ShareExposure closed(ShareEvent event) {
		return new ShareExposure(table, share, alias, withHistory, openedBy, addedAt, addedBy, addedStatement,
				event.action(), event.eventTime(), event.userName(), event.statementId());
	}

	static ShareExposure opened(ShareEvent event, String table, String share, String alias, Boolean history) {
		return new ShareExposure(table, share, alias, history, event.action(), event.eventTime(), event.userName(),
				event.statementId(), null, null, null, null);
	}

}
