package io.lakegov.sql.columns;

import io.lakegov.sql.TableName;
import io.lakegov.sql.columns.ColumnFrame.Output;
import io.lakegov.sql.columns.ColumnFrame.Relation;
import io.lakegov.sql.columns.ColumnFrame.Scope;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.tree.ParseTree;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.ColumnReferenceContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.DereferenceContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.NamedExpressionContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.PrimaryExpressionContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.StarContext;

/**
 * The columns a query specification outputs, by name: aliases, plain column references, and {@code *}, which
 * passes on every column of the tables (and derived relations) it covers.
 */
final class ColumnOutputs {

    private ColumnOutputs() {
    }

    static Output of(List<NamedExpressionContext> selected, Scope scope) {
        Set<String> names = new LinkedHashSet<>();
        Set<TableName> stars = new LinkedHashSet<>();
        boolean opaque = false;
        for (NamedExpressionContext named : selected) {
            if (named.name != null || named.identifierList() != null) {
                String alias = ColumnWalker.identifier(named.name);
                if (alias != null) {
                    names.add(alias);
                } else if (named.identifierList() != null) {
                    names.addAll(ColumnWalker.identifiers(named.identifierList()));
                }
                continue;
            }
            PrimaryExpressionContext primary = primary(named.expression());
            if (primary instanceof ColumnReferenceContext column) {
                String name = ColumnWalker.identifier(column.identifier());
                if (name != null) {
                    names.add(name);
                }
            } else if (primary instanceof DereferenceContext dereference) {
                String name = ColumnWalker.identifier(dereference.fieldName);
                if (name != null) {
                    names.add(name);
                }
            } else if (primary instanceof StarContext star) {
                for (Relation relation : covered(star, scope)) {
                    if (relation.table() != null) {
                        stars.add(relation.table());
                    } else {
                        names.addAll(relation.output().names());
                        stars.addAll(relation.output().starTables());
                        opaque |= relation.output().opaque();
                    }
                }
            }
        }
        return new Output(names, new ArrayList<>(stars), opaque);
    }

    /** The relations a {@code *} or {@code q.*} covers, found in the innermost scope that has the qualifier. */
    static List<Relation> covered(StarContext star, Scope scope) {
        if (star.qualifiedName() == null) {
            return scope.relations;
        }
        List<String> qualifier = ColumnWalker.parts(star.qualifiedName());
        for (Scope level = scope; level != null; level = level.parent) {
            for (Relation relation : level.relations) {
                if (relation.matches(qualifier)) {
                    return List.of(relation);
                }
            }
        }
        return List.of();
    }

    /** The expression itself when it is a bare primary expression (a column, a star), else null. */
    private static PrimaryExpressionContext primary(ParseTree expression) {
        ParseTree node = expression;
        while (node instanceof ParserRuleContext rule && !(node instanceof PrimaryExpressionContext)) {
            if (rule.getChildCount() != 1) {
                return null;
            }
            node = rule.getChild(0);
        }
        return node instanceof PrimaryExpressionContext primary ? primary : null;
    }
}
