package io.lakegov.sql;

/** Whether a time-travel point is a table version or a point in time. */
public enum TimeTravelKind {
    VERSION, TIMESTAMP
}
