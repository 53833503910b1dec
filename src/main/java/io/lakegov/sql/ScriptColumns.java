package io.lakegov.sql;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The columns of a text's statements: table names resolved with the {@code USE} before each statement, only
 * tables the statement reads or writes (never temporary views), and for a statement whose columns are not
 * known one entry per table saying so.
 */
final class ScriptColumns {

    /** Marks a table the statement's table walk did not count (a temporary view): its columns are left out. */
    private static final TableName NOT_ACCESSED = new TableName(List.of("\u0000"));

    private final Set<ColumnAccess> columns = new LinkedHashSet<>();

    void add(StatementFacts facts, Predicate<TableName> temporaryView, String catalog, String schema) {
        Set<TableName> tables = new HashSet<>();
        for (StatementFacts.Access access : facts.accesses) {
            boolean data = access.role() == AccessRole.READ || access.role() == AccessRole.WRITE;
            if (data && !temporaryView.test(access.written())) {
                tables.add(access.written());
                if (!facts.columnsKnown) {
                    columns.add(ColumnAccess.of(access.written().resolve(catalog, schema), null, access.role()));
                }
            }
        }
        if (!facts.columnsKnown) {
            return;
        }
        // the walker hands out one table object per relation: resolve each once
        Map<TableName, TableName> resolved = new IdentityHashMap<>();
        for (ColumnAccess column : facts.columns) {
            if (column.table() != null) {
                TableName table = resolved.computeIfAbsent(column.table(),
                        written -> tables.contains(written) ? written.resolve(catalog, schema) : NOT_ACCESSED);
                if (table != NOT_ACCESSED) {
                    columns.add(column.table() == table ? column : new ColumnAccess(table, column.column(),
                            column.role(), List.of(), column.aliasFallback(), column.except()));
                }
                continue;
            }
            List<ColumnScope> levels = new ArrayList<>();
            for (ColumnScope level : column.scopes()) {
                List<TableName> kept = new ArrayList<>();
                level.tables().forEach(table -> {
                    if (tables.contains(table)) {
                        kept.add(table.resolve(catalog, schema));
                    }
                });
                levels.add(new ColumnScope(kept, level.opaque() || kept.size() < level.tables().size()));
            }
            columns.add(new ColumnAccess(null, column.column(), column.role(), levels, column.aliasFallback(),
                    column.except()));
        }
    }

    List<ColumnAccess> list() {
        return List.copyOf(columns);
    }
}
