package io.lakegov.sql;

import java.util.List;
import java.util.Objects;

/**
 * One column a statement reads or writes, as far as the text tells. The text alone cannot always name the
 * table: the analysis then keeps what it knows, and the caller resolves it against the tables' columns.
 *
 * @param table          the table, with the text's {@code USE} applied; null for an unqualified column that
 *                       {@code scopes} must resolve
 * @param column         the column, lower case; {@code *} for every column of {@code table} (except
 *                       {@code except}); null when the text's columns of {@code table} are not known (a stage
 *                       other than Spark's grammar, or a form the column walk does not follow)
 * @param scopes         for an unqualified column: the relations it may come from, innermost first
 * @param aliasFallback  the name is also one the statement defines (an output alias, a column of a derived
 *                       relation): when no candidate table has the column, it is that one, whose own columns
 *                       are recorded where it is defined
 * @param except         columns a {@code * EXCEPT (...)} leaves out
 */
public record ColumnAccess(TableName table, String column, AccessRole role, List<ColumnScope> scopes,
        boolean aliasFallback, List<String> except) {

    public static final String ALL = "*";

    public ColumnAccess {
        Objects.requireNonNull(role, "role");
        scopes = List.copyOf(scopes);
        except = List.copyOf(except);
        if (table == null && (column == null || scopes.isEmpty())) {
            throw new IllegalArgumentException("an unqualified column needs a name and scopes");
        }
    }

    public static ColumnAccess of(TableName table, String column, AccessRole role) {
        return new ColumnAccess(table, column, role, List.of(), false, List.of());
    }

    /** Whether the text did not tell which columns of the table the statement used. */
    public boolean unknown() {
        return column == null;
    }
}
