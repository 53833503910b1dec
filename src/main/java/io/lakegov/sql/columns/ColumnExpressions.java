package io.lakegov.sql.columns;

import io.lakegov.sql.AccessRole;
import io.lakegov.sql.ColumnAccess;
import io.lakegov.sql.ColumnScope;
import io.lakegov.sql.TableName;
import io.lakegov.sql.columns.ColumnFrame.Candidates;
import io.lakegov.sql.columns.ColumnFrame.Relation;
import io.lakegov.sql.columns.ColumnFrame.Scope;
import io.lakegov.sql.spark.TreeText;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.tree.ParseTree;
import org.antlr.v4.runtime.tree.TerminalNode;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.ColumnReferenceContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.ConstantDefaultContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.DataTypeContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.DereferenceContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.FunctionCallContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.HintContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.LambdaContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.MultipartIdentifierContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.PrimaryExpressionContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.QueryContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.SemiStructuredExtractContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.StarContext;

/**
 * The columns expressions read: column references, {@code q.c} through the scope's aliases and names (or a
 * struct field of a column), {@code *}; lambda variables are not columns, {@code count(*)} reads none, and
 * subqueries are walked with the enclosing scope as their outer one.
 */
final class ColumnExpressions {

    private static final int MAX_QUALIFIER = 3;

    private final ColumnWalker walker;

    ColumnExpressions(ColumnWalker walker) {
        this.walker = walker;
    }

    void visit(ParseTree node, Scope scope) {
        // most nodes are links of the grammar's expression chains: step down those without a call
        while (node instanceof ParserRuleContext && !(node instanceof PrimaryExpressionContext)
                && !(node instanceof QueryContext) && node.getChildCount() == 1) {
            node = node.getChild(0);
        }
        if (node == null || node instanceof TerminalNode || walker.unknown) {
            return;
        }
        if (node instanceof PrimaryExpressionContext primary) {
            primary(primary, scope);
        } else if (node instanceof QueryContext query) {
            walker.query(query, scope);
        } else if (!(node instanceof DataTypeContext) && !(node instanceof HintContext)) {
            for (int i = 0; i < node.getChildCount(); i++) {
                visit(node.getChild(i), scope);
            }
        }
    }

    private void primary(PrimaryExpressionContext node, Scope scope) {
        if (node instanceof ConstantDefaultContext) {
            return;
        }
        if (node instanceof ColumnReferenceContext column) {
            String name = ColumnWalker.identifier(column.identifier());
            unqualified(name, scope, scope.aliases.contains(name));
        } else if (node instanceof DereferenceContext dereference) {
            dereference(dereference, scope);
        } else if (node instanceof StarContext star) {
            star(star, scope);
        } else if (node instanceof LambdaContext lambda) {
            Set<String> variables = new HashSet<>();
            lambda.identifier().forEach(identifier -> variables.add(ColumnWalker.identifier(identifier)));
            walker.lambdas.push(variables);
            visit(lambda.expression(), scope);
            walker.lambdas.pop();
        } else if (node instanceof FunctionCallContext call && countStar(call)) {
            visit(call.where, scope);
            visit(call.windowSpec(), scope);
        } else if (node instanceof SemiStructuredExtractContext extract) {
            visit(extract.col, scope);
        } else {
            for (int i = 0; i < node.getChildCount(); i++) {
                visit(node.getChild(i), scope);
            }
        }
    }

    /** Records an unqualified column read; {@code alias}: the name is also an output alias of the query. */
    void unqualified(String name, Scope scope, boolean alias) {
        if (name == null || !walker.lambdas.isEmpty() && isLambdaVariable(name) || alias && scope.aliasesFirst) {
            return;
        }
        if (scope.parent == null && scope.relations.size() == 1 && scope.relations.get(0).table() != null
                && !alias) {
            // the common case: one table in scope
            walker.add(scope.relations.get(0).table(), name, AccessRole.READ);
            return;
        }
        Candidates candidates = scope.candidates(name);
        if (candidates == null || candidates.levels().stream().allMatch(level -> level.tables().isEmpty())) {
            // nothing but relations without tables (a table function, VALUES) can supply it
            return;
        }
        boolean fallback = alias || candidates.derived();
        List<ColumnScope> levels = candidates.levels();
        if (!fallback && levels.size() == 1 && levels.get(0).tables().size() == 1 && !levels.get(0).opaque()) {
            walker.add(levels.get(0).tables().get(0), name, AccessRole.READ);
        } else {
            walker.columns.add(new ColumnAccess(null, name, AccessRole.READ, levels, fallback, List.of()));
        }
    }

    private void dereference(DereferenceContext dereference, Scope scope) {
        List<String> parts = new ArrayList<>();
        ParseTree base = dereference;
        while (base instanceof DereferenceContext step) {
            parts.add(0, ColumnWalker.identifier(step.fieldName));
            base = step.base;
        }
        if (!(base instanceof ColumnReferenceContext column) || parts.contains(null)) {
            visit(base, scope);
            return;
        }
        parts.add(0, ColumnWalker.identifier(column.identifier()));
        if (parts.get(0) == null || isLambdaVariable(parts.get(0))) {
            return;
        }
        for (Scope level = scope; level != null; level = level.parent) {
            for (int k = Math.min(MAX_QUALIFIER, parts.size() - 1); k >= 1; k--) {
                for (Relation relation : level.relations) {
                    if (relation.matches(parts.subList(0, k))) {
                        qualified(relation, parts.get(k));
                        return;
                    }
                }
            }
        }
        // no relation has that name: a field of a struct column
        unqualified(parts.get(0), scope, scope.aliases.contains(parts.get(0)));
    }

    /** A column of a named relation; a derived relation's own columns are recorded where it reads them. */
    void qualified(Relation relation, String column) {
        if (relation.table() != null) {
            walker.add(relation.table(), column, AccessRole.READ);
            return;
        }
        if (relation.output().names().contains(column)) {
            return;
        }
        List<TableName> tables = relation.output().starTables();
        boolean opaque = relation.output().opaque();
        if (tables.size() == 1 && !opaque) {
            walker.add(tables.get(0), column, AccessRole.READ);
        } else if (!tables.isEmpty()) {
            walker.columns.add(new ColumnAccess(null, column, AccessRole.READ,
                    List.of(new ColumnScope(tables, opaque)), false, List.of()));
        }
    }

    private void star(StarContext star, Scope scope) {
        List<Relation> covered = ColumnOutputs.covered(star, scope);
        if (covered.isEmpty() && star.qualifiedName() != null) {
            // q.* of no relation: every field of a struct column q
            List<String> parts = ColumnWalker.parts(star.qualifiedName());
            if (!parts.isEmpty()) {
                unqualified(parts.get(0), scope, false);
            }
            return;
        }
        List<String> except = new ArrayList<>();
        if (star.exceptClause() != null) {
            for (MultipartIdentifierContext column : star.exceptClause().exceptCols.multipartIdentifier()) {
                List<String> parts = ColumnWalker.parts(column);
                if (parts.size() == 1) {
                    except.add(parts.get(0));
                }
            }
        }
        for (Relation relation : covered) {
            if (relation.table() != null) {
                walker.columns.add(new ColumnAccess(relation.table(), ColumnAccess.ALL, AccessRole.READ, List.of(),
                        false, except));
            }
        }
    }

    private boolean isLambdaVariable(String name) {
        for (Set<String> variables : walker.lambdas) {
            if (variables.contains(name)) {
                return true;
            }
        }
        return false;
    }

    /** {@code count(*)} counts rows and reads no column. */
    private static boolean countStar(FunctionCallContext call) {
        if (call.argument.size() != 1
                || !"count".equals(TreeText.original(call.functionName()).toLowerCase(Locale.ROOT))) {
            return false;
        }
        ParseTree node = call.argument.get(0);
        while (node.getChildCount() == 1 && !(node instanceof PrimaryExpressionContext)) {
            node = node.getChild(0);
        }
        return node instanceof StarContext star && star.qualifiedName() == null;
    }
}
