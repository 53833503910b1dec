package io.lakegov.sql;

import java.util.List;

/**
 * One level of the relations an unqualified column may come from: the tables of one FROM clause, innermost
 * first in {@link ColumnAccess#scopes()}, and whether a relation whose columns the text does not tell (a table
 * function, a relation derived with {@code *} over one such) could supply it too.
 */
public record ColumnScope(List<TableName> tables, boolean opaque) {

    public ColumnScope {
        tables = List.copyOf(tables);
    }
}
