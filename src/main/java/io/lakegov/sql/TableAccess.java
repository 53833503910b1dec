package io.lakegov.sql;

import java.util.Objects;

/**
 * One table a statement touches.
 *
 * @param name       the name with any {@code USE} from earlier in the same text applied; callers apply session or
 *                   configured defaults with {@link TableName#resolve(String, String)}
 * @param written    the name as written in the text (normalised)
 * @param timeTravel the history point read, or null for the current state
 */
public record TableAccess(TableName name, TableName written, AccessRole role, TimeTravel timeTravel) {
    public TableAccess {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(written, "written");
        Objects.requireNonNull(role, "role");
    }
}
