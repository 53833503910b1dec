package io.lakegov.sql;

import java.util.Objects;

/**
 * What a statement does to a Delta Sharing share, in the order of the text's statements. A table in a share is
 * exposed outside the workspace: its recipients read it, and break when it is dropped or renamed.
 *
 * @param action      what happens (see {@link ShareAction})
 * @param share       the share's name, lower-case
 * @param table       the table with any {@code USE} of the same text applied; null for RENAME and DROP
 * @param written     the table's name as written; null for RENAME and DROP
 * @param alias       the name recipients see ({@code AS alias}), null when not given
 * @param withHistory {@code WITH HISTORY} (or the older {@code WITH CHANGE DATA FEED}): true, {@code WITHOUT
 *                    HISTORY}: false, not said: null
 * @param renamedTo   the share's new name for RENAME, otherwise null
 */
public record ShareChange(ShareAction action, String share, TableName table, TableName written, String alias,
        Boolean withHistory, String renamedTo) {

    public ShareChange {
        Objects.requireNonNull(action, "action");
        Objects.requireNonNull(share, "share");
        boolean onTable = action == ShareAction.ADD || action == ShareAction.UPDATE || action == ShareAction.REMOVE;
        if (onTable != (table != null) || onTable != (written != null)) {
            throw new IllegalArgumentException(action + " names a table exactly when it adds, updates or removes one");
        }
        if ((action == ShareAction.RENAME) != (renamedTo != null)) {
            throw new IllegalArgumentException("only RENAME has a new name");
        }
    }

    public static ShareChange onTable(ShareAction action, String share, TableName written, String alias,
            Boolean withHistory) {
        return new ShareChange(action, share, written, written, alias, withHistory, null);
    }

    public static ShareChange onShare(ShareAction action, String share, String renamedTo) {
        return new ShareChange(action, share, null, null, null, null, renamedTo);
    }

    /** The same change with the table's missing parts taken from the text's {@code USE} statements. */
    ShareChange resolve(String catalog, String schema) {
        return table == null ? this
                : new ShareChange(action, share, written.resolve(catalog, schema), written, alias, withHistory,
                        renamedTo);
    }
}
