package io.lakegov.sql;

/** Parses part of a statement (the query of a CREATE ... AS, the INSERT of a flow) with Spark's grammar. */
final class SparkSubStatement {

    private SparkSubStatement() {
    }

    /** Walks tokens {@code [from, end)} into {@code facts}; false when Spark's grammar rejects them. */
    static boolean walkInto(Tokens tokens, int from, int end, StatementFacts facts, Deadline deadline) {
        int base = tokens.start(from);
        String text = tokens.source.substring(base, tokens.end(end - 1));
        AtSuffixes suffixes = AtSuffixes.cut(tokens, from, end, text, base);
        try {
            new SparkWalker(facts, suffixes.byNameEnd).walk(SparkGrammar.parse(suffixes.text, deadline));
            return true;
        } catch (GrammarFailure e) {
            return false;
        }
    }
}
