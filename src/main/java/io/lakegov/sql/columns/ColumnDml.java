package io.lakegov.sql.columns;

import io.lakegov.sql.AccessRole;
import io.lakegov.sql.ColumnAccess;
import io.lakegov.sql.TableName;
import io.lakegov.sql.columns.ColumnFrame.Output;
import io.lakegov.sql.columns.ColumnFrame.Relation;
import io.lakegov.sql.columns.ColumnFrame.Scope;
import java.util.List;
import org.antlr.v4.runtime.tree.ParseTree;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.AssignmentContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.AssignmentListContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.DeleteFromTableContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.DmlStatementNoWithContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.IdentifierReferenceContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.InsertIntoContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.InsertIntoReplaceBooleanCondContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.InsertIntoTableContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.InsertOverwriteTableContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.MatchedClauseContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.MergeIntoTableContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.MultipartIdentifierContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.NotMatchedBySourceClauseContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.NotMatchedClauseContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.SingleInsertQueryContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.TableAliasContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.UpdateTableContext;

/**
 * Columns of INSERT, UPDATE, DELETE and MERGE: the target's columns written (an INSERT without a column list
 * writes them all), and what conditions and assigned values read. A MERGE condition reads target columns too,
 * although the target itself counts as written only.
 */
final class ColumnDml {

    private ColumnDml() {
    }

    static void statement(DmlStatementNoWithContext statement, ColumnWalker walker) {
        if (statement instanceof SingleInsertQueryContext insert) {
            insert(insert.insertInto(), walker.query(insert.query(), null), walker);
        } else if (statement instanceof UpdateTableContext update) {
            Scope scope = target(update.identifierReference(), update.tableAlias(), walker);
            if (scope != null) {
                assignments(update.setClause().assignmentList(), scope, walker);
                walker.expressions.visit(update.whereClause(), scope);
            }
        } else if (statement instanceof DeleteFromTableContext delete) {
            Scope scope = target(delete.identifierReference(), delete.tableAlias(), walker);
            if (scope != null) {
                walker.expressions.visit(delete.whereClause(), scope);
            }
        } else if (statement instanceof MergeIntoTableContext merge) {
            merge(merge, walker);
        } else {
            walker.unknown = true;
        }
    }

    private static Scope target(IdentifierReferenceContext reference, TableAliasContext alias, ColumnWalker walker) {
        TableName table = ColumnWalker.tableName(reference);
        if (table == null) {
            walker.unknown = true;
            return null;
        }
        Scope scope = new Scope(null);
        String name = alias == null || alias.strictIdentifier() == null ? null
                : ColumnWalker.identifier(alias.strictIdentifier());
        scope.relations.add(new Relation(name, table, null));
        return scope;
    }

    private static void insert(InsertIntoContext insert, Output output, ColumnWalker walker) {
        IdentifierReferenceContext reference = null;
        for (int i = 0; i < insert.getChildCount(); i++) {
            if (insert.getChild(i) instanceof IdentifierReferenceContext child) {
                reference = child;
                break;
            }
        }
        TableName table = ColumnWalker.tableName(reference);
        if (table == null) {
            return;
        }
        var columns = insert instanceof InsertIntoTableContext into ? into.identifierList()
                : insert instanceof InsertOverwriteTableContext overwrite ? overwrite.identifierList() : null;
        boolean byName = insert.getToken(org.apache.spark.sql.catalyst.parser.SqlBaseParser.NAME, 0) != null;
        if (columns != null) {
            ColumnWalker.identifiers(columns).forEach(column -> walker.add(table, column, AccessRole.WRITE));
        } else if (byName && !output.names().isEmpty() && output.starTables().isEmpty() && !output.opaque()) {
            output.names().forEach(column -> walker.add(table, column, AccessRole.WRITE));
        } else {
            walker.add(table, ColumnAccess.ALL, AccessRole.WRITE);
        }
        if (insert instanceof InsertIntoReplaceBooleanCondContext replace) {
            Scope scope = target(replace.identifierReference(), replace.tableAlias(), walker);
            walker.expressions.visit(replace.replaceCondition, scope);
        }
    }

    private static void merge(MergeIntoTableContext merge, ColumnWalker walker) {
        Scope scope = target(merge.target, merge.targetAlias, walker);
        if (scope == null) {
            return;
        }
        TableName target = scope.relations.get(0).table();
        String sourceAlias = merge.sourceAlias == null || merge.sourceAlias.strictIdentifier() == null ? null
                : ColumnWalker.identifier(merge.sourceAlias.strictIdentifier());
        Relation source;
        if (merge.source != null) {
            TableName name = ColumnWalker.tableName(merge.source);
            if (name == null) {
                walker.unknown = true;
                return;
            }
            Output cte = walker.cte(name);
            source = cte == null ? new Relation(sourceAlias, name, null)
                    : new Relation(sourceAlias != null ? sourceAlias : name.parts().get(0), null, cte);
        } else {
            source = new Relation(sourceAlias, null, walker.query(merge.sourceQuery, null));
        }
        scope.relations.add(source);
        walker.expressions.visit(merge.mergeCondition, scope);
        for (int i = 0; i < merge.getChildCount(); i++) {
            ParseTree child = merge.getChild(i);
            if (child instanceof MatchedClauseContext matched) {
                walker.expressions.visit(matched.matchedCond, scope);
                if (matched.matchedAction().ASTERISK() != null) {
                    all(target, source, walker);
                } else if (matched.matchedAction().assignmentList() != null) {
                    assignments(matched.matchedAction().assignmentList(), scope, walker);
                }
            } else if (child instanceof NotMatchedClauseContext notMatched) {
                walker.expressions.visit(notMatched.notMatchedCond, scope);
                var action = notMatched.notMatchedAction();
                if (action.ASTERISK() != null) {
                    all(target, source, walker);
                } else {
                    written(action.columns == null ? List.of() : action.columns.multipartIdentifier(), scope, walker);
                    action.expression().forEach(value -> walker.expressions.visit(value, scope));
                }
            } else if (child instanceof NotMatchedBySourceClauseContext bySource) {
                walker.expressions.visit(bySource.notMatchedBySourceCond, scope);
                if (bySource.notMatchedBySourceAction().assignmentList() != null) {
                    assignments(bySource.notMatchedBySourceAction().assignmentList(), scope, walker);
                }
            }
        }
    }

    /** {@code UPDATE SET *} and {@code INSERT *}: every target column written from the source's columns. */
    private static void all(TableName target, Relation source, ColumnWalker walker) {
        walker.add(target, ColumnAccess.ALL, AccessRole.WRITE);
        if (source.table() != null) {
            walker.add(source.table(), ColumnAccess.ALL, AccessRole.READ);
        }
    }

    private static void assignments(AssignmentListContext list, Scope scope, ColumnWalker walker) {
        for (AssignmentContext assignment : list.assignment()) {
            written(List.of(assignment.key), scope, walker);
            walker.expressions.visit(assignment.value, scope);
        }
    }

    /** Target columns named as {@code c}, {@code t.c} or {@code c.field}. */
    private static void written(List<MultipartIdentifierContext> columns, Scope scope, ColumnWalker walker) {
        Relation target = scope.relations.get(0);
        for (MultipartIdentifierContext column : columns) {
            List<String> parts = ColumnWalker.parts(column);
            if (parts.isEmpty()) {
                continue;
            }
            boolean qualified = parts.size() >= 2 && target.matches(parts.subList(0, 1));
            walker.add(target.table(), parts.get(qualified ? 1 : 0), AccessRole.WRITE);
        }
    }
}
