package io.lakegov.sql;

/** What a statement does to a table: reads its data, changes it (data or definition), or grants on it. */
public enum AccessRole {
    READ, WRITE, GRANT
}
