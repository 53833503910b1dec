package io.lakegov.sql;

/**
 * What a statement does to a table: reads its data, changes it (data or definition), grants on it, declares a
 * foreign key to it (REFERENCE: a dependency of the referencing table, not a read), or adds it to, updates it in
 * or removes it from a Delta Sharing share (SHARE: the share exposes the table outside the workspace).
 */
public enum AccessRole {
    READ, WRITE, GRANT, REFERENCE, SHARE
}
