package io.lakegov.sql;

/**
 * What {@code USE CATALOG/SCHEMA/DATABASE} statements in a text leave set for the session at its end.
 *
 * @param catalog the current catalog after the text, null when the text did not set it
 * @param schema  the current schema after the text, null when the text did not set it; {@code default} after a
 *                {@code USE CATALOG}, which resets it
 */
public record SessionEffect(String catalog, String schema) {
}
