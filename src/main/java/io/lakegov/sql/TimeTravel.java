package io.lakegov.sql;

import java.util.Objects;

/**
 * A point in a table's history that a statement reaches back to.
 *
 * @param value the literal without quotes ({@code "42"}, {@code "2026-01-15 14:30:00"}), or for an expression its
 *              normalised text ({@code "current_timestamp() - interval 1 day"})
 */
public record TimeTravel(TimeTravelKind kind, String value, TimeTravelSyntax syntax) {
    public TimeTravel {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(value, "value");
        Objects.requireNonNull(syntax, "syntax");
    }
}
