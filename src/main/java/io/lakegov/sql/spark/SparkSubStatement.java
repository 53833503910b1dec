package io.lakegov.sql.spark;

import io.lakegov.sql.Deadline;
import io.lakegov.sql.GrammarFailure;
import io.lakegov.sql.StatementFacts;
import io.lakegov.sql.databricks.DatabricksClauses;
import io.lakegov.sql.text.Tokens;

/** Parses part of a statement (the query of a CREATE ... AS, the INSERT of a flow) with Spark's grammar. */
public final class SparkSubStatement {

    private SparkSubStatement() {
    }

    /** Walks tokens {@code [from, end)} into {@code facts}; false when Spark's grammar rejects them. */
    public static boolean walkInto(Tokens tokens, int from, int end, StatementFacts facts, Deadline deadline) {
        int base = tokens.start(from);
        String text = tokens.source.substring(base, tokens.end(end - 1));
        if (walk(tokens, from, end, text, base, facts, deadline)) {
            return true;
        }
        String blanked = DatabricksClauses.blank(tokens, from, end, text, base);
        return blanked != null && walk(tokens, from, end, blanked, base, facts, deadline);
    }

    private static boolean walk(Tokens tokens, int from, int end, String text, int base, StatementFacts facts,
            Deadline deadline) {
        AtSuffixes suffixes = AtSuffixes.cut(tokens, from, end, text, base);
        StatementFacts found = new StatementFacts(facts.kind);
        try {
            new SparkWalker(found, suffixes.byNameEnd, deadline).walk(SparkGrammar.parse(suffixes.text, deadline));
        } catch (GrammarFailure e) {
            return false;
        }
        facts.mergeFrom(found);
        return true;
    }
}
