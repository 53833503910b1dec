package io.lakegov.sql.spark;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import io.lakegov.sql.AccessRole;
import io.lakegov.sql.Deadline;
import io.lakegov.sql.StatementFacts;
import io.lakegov.sql.TableName;
import io.lakegov.sql.TimeTravel;
import io.lakegov.sql.TimeTravelKind;
import io.lakegov.sql.TimeTravelSyntax;
import io.lakegov.sql.text.Literals;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.tree.ParseTree;
import org.antlr.v4.runtime.tree.TerminalNode;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.ChangelogTableNameContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.CtesContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.DmlStatementContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.DmlStatementNoWithContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.FunctionTableSubqueryArgumentContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.IdentifierReferenceContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.InsertIntoContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.LocationSpecContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.MultipartIdentifierContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.NamedQueryContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.QueryContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.ReferenceSpecContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.StatementContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.StreamTableNameContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.TableContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.TableFunctionCallContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.TableNameContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.TemporalClauseContext;

/**
 * Walks a Spark parse tree and collects table accesses. Relations in queries are reads; statements that
 * write or inspect tables are handled by {@link SparkStatementRules}. CTE names are tracked per scope: a CTE
 * hides a table of the same (unqualified) name only inside the query that defines it.
 */
public final class SparkWalker {

    final StatementFacts facts;
    final Deadline deadline;
    private final Map<Integer, TimeTravel> atSuffixes;
    private final Deque<Set<String>> cteScopes = new ArrayDeque<>();

    public SparkWalker(StatementFacts facts, Map<Integer, TimeTravel> atSuffixes, Deadline deadline) {
        this.facts = facts;
        this.atSuffixes = atSuffixes;
        this.deadline = deadline;
    }

    public void walk(ParseTree node) {
        if (node instanceof TerminalNode) {
            return;
        }
        if ((node instanceof StatementContext || node instanceof DmlStatementNoWithContext)
                && SparkStatementRules.handle((ParserRuleContext) node, this)) {
            return;
        }
        if (node instanceof QueryContext query && query.ctes() != null) {
            withCtes(query.ctes(), () -> {
                walk(query.queryTerm());
                walk(query.queryOrganization());
            });
        } else if (node instanceof DmlStatementContext dml && dml.ctes() != null) {
            withCtes(dml.ctes(), () -> walk(dml.dmlStatementNoWith()));
        } else if (node instanceof TableNameContext table) {
            read(table.identifierReference(), timeTravel(table.temporalClause()));
            walkChildren(table);
        } else if (node instanceof TableContext table) {
            read(table.identifierReference(), null);
        } else if (node instanceof StreamTableNameContext stream) {
            readName(dottedName(stream.multipartIdentifier()), suffix(stream.multipartIdentifier()));
        } else if (node instanceof ChangelogTableNameContext changes) {
            read(changes.identifierReference(), null);
            walkChildren(changes);
        } else if (node instanceof FunctionTableSubqueryArgumentContext argument
                && argument.identifierReference() != null) {
            read(argument.identifierReference(), null);
        } else if (node instanceof TableFunctionCallContext call) {
            TableFunctions.handle(call, this);
        } else if (node instanceof InsertIntoContext insert) {
            SparkDmlRules.insertTarget(insert, this);
        } else if (node instanceof ReferenceSpecContext reference) {
            facts.add(parent(reference), AccessRole.REFERENCE, null);
        } else if (node instanceof LocationSpecContext location) {
            addPath(location.stringLit());
        } else {
            walkChildren(node);
        }
    }

    void addPath(ParserRuleContext literal) {
        String path = literal == null ? null : Literals.stringValue(TreeText.original(literal));
        if (path != null) {
            facts.paths.add(path);
        }
    }

    void walkChildren(ParseTree node) {
        for (int i = 0; i < node.getChildCount(); i++) {
            walk(node.getChild(i));
        }
    }

    /** Reads through a relation, unless the name is a CTE in scope. */
    void read(IdentifierReferenceContext reference, TimeTravel timeTravel) {
        TableName name = name(reference);
        readName(name, timeTravel != null ? timeTravel : suffix(reference));
    }

    void readName(TableName name, TimeTravel timeTravel) {
        if (name != null && !isCte(name)) {
            facts.add(name, AccessRole.READ, timeTravel);
        }
    }

    void target(IdentifierReferenceContext reference, AccessRole role) {
        if (reference != null) {
            facts.add(name(reference), role, suffix(reference));
        }
    }

    /** The name of a reference; a dynamic {@code IDENTIFIER(expr)} is recorded as such and gives null. */
    TableName name(IdentifierReferenceContext reference) {
        if (reference.IDENTIFIER_KW() == null) {
            return dottedName(reference.multipartIdentifier());
        }
        String literal = Literals.stringValue(TreeText.original(reference.expression()));
        if (literal != null) {
            try {
                return TableName.parse(literal);
            } catch (IllegalArgumentException e) {
                facts.markDynamic("dynamic table name");
                return null;
            }
        }
        facts.markDynamic("dynamic table name");
        return null;
    }

    /**
     * A dotted name ({@link TreeText#name}); one with a part {@code IDENTIFIER(:p)} is recorded as dynamic and
     * gives null.
     */
    TableName dottedName(ParserRuleContext dotted) {
        TableName name = TreeText.name(dotted);
        if (name == null && TreeText.hasDynamicPart(dotted)) {
            facts.markDynamic("dynamic table name");
        }
        return name;
    }

    /**
     * A foreign key's parent. Spark's grammar reads {@code REFERENCES IDENTIFIER(v)} as a table named identifier
     * with the column list {@code (v)}: that is the IDENTIFIER clause, whose name is known only when it runs.
     */
    private TableName parent(ReferenceSpecContext reference) {
        MultipartIdentifierContext parent = reference.multipartIdentifier();
        if (reference.parentColumns != null && parent.getStart() == parent.getStop()
                && "IDENTIFIER".equalsIgnoreCase(parent.getStart().getText())) {
            facts.markDynamic("dynamic table name");
            return null;
        }
        return dottedName(parent);
    }

    boolean isCte(TableName name) {
        if (name.parts().size() != 1) {
            return false;
        }
        String single = name.parts().get(0);
        for (Set<String> scope : cteScopes) {
            if (scope.contains(single)) {
                return true;
            }
        }
        return false;
    }

    TimeTravel timeTravel(TemporalClauseContext clause) {
        if (clause == null) {
            return null;
        }
        if (clause.version() != null) {
            String text = TreeText.original(clause.version());
            String literal = Literals.stringValue(text);
            return new TimeTravel(TimeTravelKind.VERSION, literal != null ? literal : text, TimeTravelSyntax.AS_OF);
        }
        String text = TreeText.original(clause.timestamp);
        String literal = Literals.stringValue(text);
        return new TimeTravel(TimeTravelKind.TIMESTAMP,
                literal != null ? literal : Literals.normalisedExpression(text), TimeTravelSyntax.AS_OF);
    }

    /** A {@code t@v12} suffix that was cut from the text before parsing, found by where the name ends. */
    private TimeTravel suffix(ParserRuleContext name) {
        if (atSuffixes.isEmpty() || name.getStop() == null) {
            return null;
        }
        return atSuffixes.get(name.getStop().getStopIndex() + 1);
    }

    private void withCtes(CtesContext ctes, Runnable body) {
        boolean recursive = ctes.RECURSIVE() != null;
        Set<String> visible = new HashSet<>();
        cteScopes.push(visible);
        for (NamedQueryContext named : ctes.namedQuery()) {
            TableName parsed = TreeText.name(named.name);
            String cteName = parsed != null ? parsed.qualified()
                    : TreeText.original(named.name).replace("`", "").toLowerCase(Locale.ROOT);
            if (recursive) {
                visible.add(cteName);
            }
            walk(named.query());
            visible.add(cteName);
        }
        body.run();
        cteScopes.pop();
    }
}
