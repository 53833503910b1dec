package io.lakegov.sql.columns;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import io.lakegov.sql.ColumnScope;
import io.lakegov.sql.TableName;

/** The relations the column walk sees: what a query outputs, the relations of a FROM clause, nested scopes. */
final class ColumnFrame {

    private ColumnFrame() {
    }

    /**
     * What a query or relation outputs: explicit names, tables whose every column it passes on ({@code *}), and
     * whether it has further columns the text does not tell.
     */
    record Output(Set<String> names, List<TableName> starTables, boolean opaque) {

        static final Output OPAQUE = new Output(Set.of(), List.of(), true);

        Output {
            names = Set.copyOf(names);
            starTables = List.copyOf(starTables);
        }

        Output renamed(List<String> aliases) {
            return aliases.isEmpty() ? this : new Output(new LinkedHashSet<>(aliases), List.of(), false);
        }
    }

    /** A base table ({@code table} set) or a derived relation (its {@code output}), under its alias if any. */
    record Relation(String alias, TableName table, Output output) {

        /** Whether {@code qualifier} (the parts before a column) names this relation. */
        boolean matches(List<String> qualifier) {
            if (alias != null) {
                return qualifier.size() == 1 && qualifier.get(0).equals(alias);
            }
            if (table == null) {
                return false;
            }
            List<String> parts = table.parts();
            return qualifier.size() <= parts.size()
                    && parts.subList(parts.size() - qualifier.size(), parts.size()).equals(qualifier);
        }
    }

    /** The relations of one FROM clause (or DML target and source), inside its enclosing scopes. */
    static final class Scope {

        final List<Relation> relations = new ArrayList<>();
        final Scope parent;
        final Set<String> aliases = new LinkedHashSet<>();
        /** An unqualified name that is an output alias refers to it (ORDER BY, SORT BY ... as Spark resolves them). */
        boolean aliasesFirst;

        Scope(Scope parent) {
            this.parent = parent;
        }

        /**
         * Where an unqualified name may come from, innermost level first; null when a derived relation
         * certainly outputs it (its columns are recorded where it is defined). {@code derived} says a derived
         * relation outputs it next to tables that may have it too.
         */
        Candidates candidates(String name) {
            List<ColumnScope> levels = new ArrayList<>(2);
            for (Scope scope = this; scope != null; scope = scope.parent) {
                ColumnScope level = scope.level();
                if (scope.derivedOutputs(name)) {
                    ColumnScope others = scope.levelWithout(name);
                    if (others.tables().isEmpty() && !others.opaque()) {
                        return null;
                    }
                    levels.add(others);
                    return new Candidates(levels, true);
                }
                if (!level.tables().isEmpty() || level.opaque()) {
                    levels.add(level);
                }
            }
            return new Candidates(levels, false);
        }

        private ColumnScope level;
        private int levelSize = -1;
        private boolean hasDerived;

        /** This scope's tables, those passed on by derived relations with {@code *} included; kept until it grows. */
        private ColumnScope level() {
            if (levelSize != relations.size()) {
                level = levelWithout(null);
                levelSize = relations.size();
                hasDerived = relations.stream().anyMatch(relation -> relation.table() == null);
            }
            return level;
        }

        private boolean derivedOutputs(String name) {
            if (!hasDerived) {
                return false;
            }
            for (Relation relation : relations) {
                if (relation.table() == null && relation.output().names().contains(name)) {
                    return true;
                }
            }
            return false;
        }

        /** The level without the derived relations that output {@code name} (null: none left out). */
        private ColumnScope levelWithout(String name) {
            Set<TableName> tables = new LinkedHashSet<>();
            boolean opaque = false;
            for (Relation relation : relations) {
                if (relation.table() != null) {
                    tables.add(relation.table());
                } else if (name == null || !relation.output().names().contains(name)) {
                    tables.addAll(relation.output().starTables());
                    opaque |= relation.output().opaque();
                }
            }
            return new ColumnScope(List.copyOf(tables), opaque);
        }
    }

    /** The levels an unqualified name may come from. */
    record Candidates(List<ColumnScope> levels, boolean derived) {
    }
}
