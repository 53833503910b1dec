package io.lakegov.sql.columns;

import io.lakegov.sql.TableName;
import io.lakegov.sql.columns.ColumnFrame.Output;
import io.lakegov.sql.columns.ColumnFrame.Relation;
import io.lakegov.sql.columns.ColumnFrame.Scope;
import io.lakegov.sql.spark.TreeText;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.antlr.v4.runtime.tree.ParseTree;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.AliasedQueryContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.AliasedRelationContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.FromClauseContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.FunctionTableArgumentContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.FunctionTableSubqueryArgumentContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.IdentifierContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.InlineTableDefault2Context;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.JoinRelationContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.LateralViewContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.RelationContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.RelationExtensionContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.RelationPrimaryContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.TableAliasContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.TableNameContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.TableValuedFunctionContext;

/**
 * The relations of a FROM clause, into its scope: tables under their alias or name, CTEs, subqueries, inline
 * tables and table functions with what they output; join conditions and lateral views are read as they come,
 * seeing the relations before them.
 */
final class ColumnRelations {

    private final ColumnWalker walker;

    ColumnRelations(ColumnWalker walker) {
        this.walker = walker;
    }

    void from(FromClauseContext from, Scope scope, Scope outer) {
        if (from.pivotClause() != null || from.unpivotClause() != null) {
            walker.unknown = true;
            return;
        }
        for (RelationContext relation : from.relation()) {
            relation(relation, scope, outer);
        }
        for (LateralViewContext lateral : from.lateralView()) {
            lateral.expression().forEach(expression -> walker.expressions.visit(expression, scope));
            List<String> names = new ArrayList<>();
            for (IdentifierContext column : lateral.colName) {
                String name = ColumnWalker.identifier(column);
                if (name != null) {
                    names.add(name);
                }
            }
            scope.relations.add(new Relation(ColumnWalker.identifier(lateral.tblName), null,
                    new Output(Set.copyOf(names), List.of(), false)));
        }
    }

    private void relation(RelationContext relation, Scope scope, Scope outer) {
        primary(relation.relationPrimary(), scope, relation.LATERAL() != null ? scope : outer);
        for (RelationExtensionContext extension : relation.relationExtension()) {
            JoinRelationContext join = extension.joinRelation();
            if (join == null || join.NATURAL() != null || join.nearestByClause() != null) {
                walker.unknown = true;
                return;
            }
            int left = scope.relations.size();
            primary(join.right, scope, join.LATERAL() != null ? scope : outer);
            if (join.joinCriteria() == null) {
                continue;
            }
            if (join.joinCriteria().booleanExpression() != null) {
                walker.expressions.visit(join.joinCriteria().booleanExpression(), scope);
            } else {
                using(ColumnWalker.identifiers(join.joinCriteria().identifierList()), scope, left);
            }
        }
    }

    /** {@code USING (c)} reads {@code c} on both sides: from the joined relation and from one before it. */
    private void using(List<String> names, Scope scope, int left) {
        Scope before = new Scope(null);
        before.relations.addAll(scope.relations.subList(0, left));
        Scope right = new Scope(null);
        right.relations.addAll(scope.relations.subList(left, scope.relations.size()));
        for (String name : names) {
            walker.expressions.unqualified(name, before, false);
            walker.expressions.unqualified(name, right, false);
        }
    }

    private void primary(RelationPrimaryContext primary, Scope scope, Scope outer) {
        if (primary instanceof TableNameContext table) {
            TableName name = ColumnWalker.tableName(table.identifierReference());
            Alias alias = alias(table.tableAlias());
            Output cte = name == null ? null : walker.cte(name);
            if (name == null || cte == null && !alias.columns().isEmpty()) {
                walker.unknown = true;
            } else if (cte != null) {
                scope.relations.add(new Relation(alias.name() != null ? alias.name() : name.parts().get(0), null,
                        cte.renamed(alias.columns())));
            } else {
                scope.relations.add(new Relation(alias.name(), name, null));
            }
        } else if (primary instanceof AliasedQueryContext aliased) {
            Output output = walker.query(aliased.query(), outer);
            Alias alias = alias(aliased.tableAlias());
            scope.relations.add(new Relation(alias.name(), null, output.renamed(alias.columns())));
        } else if (primary instanceof AliasedRelationContext nested && alias(nested.tableAlias()).name() == null) {
            relation(nested.relation(), scope, outer);
        } else if (primary instanceof InlineTableDefault2Context inline) {
            Alias alias = alias(inline.inlineTable().tableAlias());
            scope.relations.add(new Relation(alias.name(), null, new Output(Set.copyOf(alias.columns()), List.of(),
                    false)));
        } else if (primary instanceof TableValuedFunctionContext function) {
            tableFunction(function, scope);
        } else {
            walker.unknown = true;
        }
    }

    /** A table function outputs columns the text does not tell; one that reads a named table is not followed. */
    private void tableFunction(TableValuedFunctionContext function, Scope scope) {
        var call = function.tableFunctionCallWithTrailingClauses();
        String name = TreeText.original(call.tableFunctionCall().functionName()).replace("`", "")
                .toLowerCase(Locale.ROOT);
        if (name.startsWith("table_changes")) {
            walker.unknown = true;
            return;
        }
        for (FunctionTableArgumentContext argument : call.tableFunctionCall().functionTableArgument()) {
            if (namesTable(argument)) {
                walker.unknown = true;
                return;
            }
            walker.expressions.visit(argument, scope);
        }
        scope.relations.add(new Relation(alias(call.tableAlias()).name(), null, Output.OPAQUE));
    }

    /** A {@code TABLE(t)} argument: the function reads the table's columns as it chooses. */
    private static boolean namesTable(ParseTree node) {
        if (node instanceof FunctionTableSubqueryArgumentContext table && table.identifierReference() != null) {
            return true;
        }
        for (int i = 0; i < node.getChildCount(); i++) {
            if (namesTable(node.getChild(i))) {
                return true;
            }
        }
        return false;
    }

    private record Alias(String name, List<String> columns) {
    }

    private static Alias alias(TableAliasContext alias) {
        if (alias == null || alias.strictIdentifier() == null) {
            return new Alias(null, List.of());
        }
        return new Alias(ColumnWalker.identifier(alias.strictIdentifier()),
                alias.identifierList() == null ? List.of() : ColumnWalker.identifiers(alias.identifierList()));
    }
}
