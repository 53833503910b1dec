package io.lakegov.sql;

/**
 * The syntax a time-travel point was written in: {@code AS OF}, the {@code t@v12} / {@code t@20260101000000000}
 * suffix, the start of {@code table_changes(...)}, {@code RESTORE ... TO} or {@code CLONE ... AS OF}.
 */
public enum TimeTravelSyntax {
    AS_OF, AT_SUFFIX, TABLE_CHANGES, RESTORE, CLONE
}
