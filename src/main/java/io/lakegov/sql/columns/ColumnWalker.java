package io.lakegov.sql.columns;

import io.lakegov.sql.AccessRole;
import io.lakegov.sql.ColumnAccess;
import io.lakegov.sql.StatementFacts;
import io.lakegov.sql.TableName;
import io.lakegov.sql.columns.ColumnFrame.Output;
import io.lakegov.sql.columns.ColumnFrame.Scope;
import io.lakegov.sql.spark.SparkStatementRules;
import io.lakegov.sql.spark.SparkWalker;
import io.lakegov.sql.spark.TreeText;
import io.lakegov.sql.text.Literals;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.tree.ParseTree;
import org.antlr.v4.runtime.tree.TerminalNode;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.CtesContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.DmlStatementContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.DmlStatementNoWithContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.IdentifierReferenceContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.NamedExpressionContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.NamedQueryContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.QueryContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.QueryPrimaryContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.QueryPrimaryDefaultContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.QueryTermContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.QueryTermDefaultContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.RegularQuerySpecificationContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.SetOperationContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.SubqueryContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.TableContext;

/**
 * Walks a Spark parse tree for the columns a statement reads and writes, next to {@link SparkWalker}'s tables.
 * Queries are followed scope by scope: a qualified column is attributed through the aliases and names of its
 * FROM clause, a column of a CTE or subquery is already recorded where that one reads it, and an unqualified
 * column keeps the tables it may come from. A form it does not follow makes the statement's columns unknown.
 */
public final class ColumnWalker {

    /** Statements whose body is not run when they run, as in {@link SparkStatementRules}. */
    private static final Set<Class<?>> OPAQUE = Set.of(
            SqlBaseParser.CreateUserDefinedFunctionContext.class, SqlBaseParser.CreateFunctionContext.class);

    final List<ColumnAccess> columns = new ArrayList<>();
    /** Columns already added, per table object (a relation's table is one object for all its columns). */
    private final Map<TableName, Set<String>> added = new IdentityHashMap<>();
    final Deque<Set<String>> lambdas = new ArrayDeque<>();
    final ColumnExpressions expressions = new ColumnExpressions(this);
    final ColumnRelations relations = new ColumnRelations(this);
    private final Deque<Map<String, Output>> ctes = new ArrayDeque<>();
    boolean unknown;

    /** Adds the columns of the statement under {@code root} to {@code facts}, or marks them unknown. */
    public static void collect(ParseTree root, StatementFacts facts) {
        ColumnWalker walker = new ColumnWalker();
        try {
            walker.statement(root);
        } catch (StackOverflowError e) {
            walker.unknown = true;
        }
        facts.columnsKnown = !walker.unknown;
        if (!walker.unknown) {
            facts.columns.addAll(walker.columns);
        }
    }

    private void statement(ParseTree node) {
        if (node instanceof TerminalNode || unknown || OPAQUE.contains(node.getClass())) {
            return;
        }
        if (node instanceof SqlBaseParser.CreateMetricViewContext) {
            unknown = true;
        } else if (node instanceof QueryContext query) {
            query(query, null);
        } else if (node instanceof DmlStatementContext dml) {
            withCtes(dml.ctes(), null, () -> ColumnDml.statement(dml.dmlStatementNoWith(), this));
        } else if (node instanceof DmlStatementNoWithContext dml) {
            ColumnDml.statement(dml, this);
        } else {
            for (int i = 0; i < node.getChildCount(); i++) {
                statement(node.getChild(i));
            }
        }
    }

    void add(TableName table, String column, AccessRole role) {
        if (table != null && column != null
                && added.computeIfAbsent(table, t -> new HashSet<>()).add(role == AccessRole.READ ? column : "\u0001" + column)) {
            columns.add(ColumnAccess.of(table, column, role));
        }
    }

    /** What a query outputs, after recording the columns it reads; {@code outer} is null or correlating. */
    Output query(QueryContext query, Scope outer) {
        Output[] output = new Output[1];
        withCtes(query.ctes(), outer, () -> {
            Term term = term(query.queryTerm(), outer);
            Scope organisation = term.scope() != null ? term.scope() : new Scope(null);
            organisation.aliasesFirst = true;
            expressions.visit(query.queryOrganization(), organisation);
            output[0] = term.output();
        });
        return output[0];
    }

    private record Term(Output output, Scope scope) {
    }

    private Term term(QueryTermContext term, Scope outer) {
        if (term instanceof QueryTermDefaultContext single) {
            return primary(single.queryPrimary(), outer);
        }
        if (term instanceof SetOperationContext set) {
            Term left = term(set.left, outer);
            term(set.right, outer);
            return new Term(left.output(), null);
        }
        unknown = true;
        return new Term(Output.OPAQUE, null);
    }

    private Term primary(QueryPrimaryContext primary, Scope outer) {
        if (primary instanceof QueryPrimaryDefaultContext spec
                && spec.querySpecification() instanceof RegularQuerySpecificationContext regular) {
            return specification(regular, outer);
        }
        if (primary instanceof SubqueryContext subquery) {
            return new Term(query(subquery.query(), outer), null);
        }
        if (primary instanceof TableContext table) {
            TableName name = tableName(table.identifierReference());
            if (name != null && cte(name) != null) {
                return new Term(cte(name), null);
            }
            add(name, ColumnAccess.ALL, AccessRole.READ);
            return new Term(new Output(Set.of(), name == null ? List.of() : List.of(name), name == null), null);
        }
        if (primary instanceof SqlBaseParser.InlineTableDefault1Context) {
            return new Term(new Output(Set.of(), List.of(), false), null);
        }
        unknown = true;
        return new Term(Output.OPAQUE, null);
    }

    private Term specification(RegularQuerySpecificationContext spec, Scope outer) {
        Scope scope = new Scope(outer);
        if (spec.fromClause() != null) {
            relations.from(spec.fromClause(), scope, outer);
        }
        List<NamedExpressionContext> selected = spec.selectClause().namedExpressionSeq().namedExpression();
        for (NamedExpressionContext named : selected) {
            scope.aliases.addAll(aliases(named));
        }
        expressions.visit(spec.selectClause().namedExpressionSeq(), scope);
        expressions.visit(spec.whereClause(), scope);
        expressions.visit(spec.aggregationClause(), scope);
        expressions.visit(spec.havingClause(), scope);
        expressions.visit(spec.windowClause(), scope);
        expressions.visit(spec.qualifyClause(), scope);
        return new Term(ColumnOutputs.of(selected, scope), scope);
    }

    private static List<String> aliases(NamedExpressionContext named) {
        if (named.name != null) {
            String alias = identifier(named.name);
            return alias == null ? List.of() : List.of(alias);
        }
        return named.identifierList() == null ? List.of() : identifiers(named.identifierList());
    }

    private void withCtes(CtesContext withClause, Scope outer, Runnable body) {
        if (withClause == null) {
            body.run();
            return;
        }
        Map<String, Output> visible = new HashMap<>();
        ctes.push(visible);
        for (NamedQueryContext named : withClause.namedQuery()) {
            String name = identifier(named.name);
            if (withClause.RECURSIVE() != null && name != null) {
                visible.put(name, Output.OPAQUE);
            }
            Output output = query(named.query(), outer);
            List<String> renamed = named.columnAliases == null ? List.of() : identifiers(named.columnAliases);
            if (name != null) {
                visible.put(name, output.renamed(renamed));
            }
        }
        body.run();
        ctes.pop();
    }

    /** The output of the CTE a one-part name refers to, or null when it names a table. */
    Output cte(TableName name) {
        if (name.parts().size() != 1) {
            return null;
        }
        for (Map<String, Output> scope : ctes) {
            Output output = scope.get(name.parts().get(0));
            if (output != null) {
                return output;
            }
        }
        return null;
    }

    /** A table's name as {@link SparkWalker} reads it; null for a dynamic {@code IDENTIFIER(expr)}. */
    static TableName tableName(IdentifierReferenceContext reference) {
        if (reference == null) {
            return null;
        }
        if (reference.IDENTIFIER_KW() == null) {
            return TreeText.name(reference.multipartIdentifier());
        }
        String literal = Literals.stringValue(TreeText.original(reference.expression()));
        try {
            return literal == null ? null : TableName.parse(literal);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** One identifier, unquoted and in lower case; null when it is not a plain name. */
    static String identifier(ParserRuleContext identifier) {
        if (identifier == null) {
            return null;
        }
        Token token = identifier.getStart();
        if (token != null && token == identifier.getStop()) {
            // the common case, one token: no need to collect the subtree's terminals
            String text = token.getText();
            int length = text.length();
            if (length > 0 && text.charAt(0) != '`' && text.charAt(0) != '"') {
                return text.toLowerCase(Locale.ROOT);
            }
            if (length > 2 && text.charAt(0) == '`' && text.indexOf('`', 1) == length - 1) {
                return text.substring(1, length - 1).toLowerCase(Locale.ROOT);
            }
        }
        TableName name = TreeText.name(identifier);
        return name == null || name.parts().size() != 1 ? null : name.parts().get(0);
    }

    /** The parts of a dotted name, unquoted and in lower case. */
    static List<String> parts(ParserRuleContext name) {
        TableName parsed = name == null ? null : TreeText.name(name);
        return parsed == null ? List.of() : parsed.parts();
    }

    static List<String> identifiers(SqlBaseParser.IdentifierListContext list) {
        Set<String> names = new LinkedHashSet<>();
        for (ParserRuleContext identifier : list.identifierSeq().errorCapturingIdentifier()) {
            String name = identifier(identifier);
            if (name != null) {
                names.add(name);
            }
        }
        return List.copyOf(names);
    }
}
