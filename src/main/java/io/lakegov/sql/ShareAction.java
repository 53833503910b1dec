package io.lakegov.sql;

/** What a statement does to a share. */
public enum ShareAction {
    /** {@code ALTER SHARE s ADD TABLE t}: the table is exposed through the share from now on. */
    ADD,
    /** {@code ALTER SHARE s ALTER|UPDATE TABLE t}: its alias or history setting changes; it stays shared. */
    UPDATE,
    /** {@code ALTER SHARE s REMOVE TABLE t}: the exposure ends. */
    REMOVE,
    /** {@code ALTER SHARE s RENAME TO s2}: the share's tables stay exposed, under the new share name. */
    RENAME,
    /** {@code DROP SHARE s} (or {@code CREATE OR REPLACE SHARE s}): every exposure through the share ends. */
    DROP
}
