package io.lakegov.sql.databricks;

import io.lakegov.sql.AccessRole;
import io.lakegov.sql.Deadline;
import io.lakegov.sql.StatementFacts;
import io.lakegov.sql.spark.SparkSubStatement;
import io.lakegov.sql.text.TokenNames;
import io.lakegov.sql.text.Tokens;

/**
 * Lakeflow / DLT pipeline statements: {@code CREATE OR REFRESH STREAMING TABLE}, {@code MATERIALIZED VIEW} with
 * Databricks-only clauses (SCHEDULE, FLOW AUTO CDC, ...), {@code CREATE FLOW}, {@code APPLY CHANGES INTO} and
 * {@code AUTO CDC INTO}. The created or fed table is written; the query after {@code AS} is parsed with Spark's
 * grammar; an AUTO CDC source is read.
 */
final class PipelineRecognisers {

    private PipelineRecognisers() {
    }

    static StatementFacts recognise(Tokens tokens, int first, int end, Deadline deadline) {
        if (tokens.isWord(first, "CREATE") && tokens.isWord(first + 1, "FLOW")) {
            return flow(tokens, first + 2, end, deadline);
        }
        if (tokens.isWord(first, "CREATE")) {
            return dataset(tokens, first + 1, end, deadline);
        }
        if (TokenNames.expect(tokens, first, "APPLY", "CHANGES", "INTO") > 0
                || TokenNames.expect(tokens, first, "AUTO", "CDC", "INTO") > 0) {
            return changes(tokens, first + 3, end, new StatementFacts("APPLY_CHANGES"), deadline);
        }
        return null;
    }

    private static StatementFacts dataset(Tokens tokens, int at, int end, Deadline deadline) {
        int i = at;
        boolean refresh = false;
        if (tokens.isWord(i, "OR") && (tokens.isWord(i + 1, "REFRESH") || tokens.isWord(i + 1, "REPLACE"))) {
            refresh = tokens.isWord(i + 1, "REFRESH");
            i += 2;
        }
        boolean live = false;
        boolean streaming = false;
        boolean materialized = false;
        boolean temporary = false;
        while (tokens.isWord(i, "PRIVATE") || tokens.isWord(i, "TEMPORARY") || tokens.isWord(i, "LIVE")
                || tokens.isWord(i, "STREAMING") || tokens.isWord(i, "MATERIALIZED")) {
            streaming |= tokens.isWord(i, "STREAMING");
            materialized |= tokens.isWord(i, "MATERIALIZED") || tokens.isWord(i, "LIVE");
            temporary |= tokens.isWord(i, "TEMPORARY");
            live |= tokens.isWord(i, "LIVE");
            i++;
        }
        // Plain CREATE TABLE/VIEW belongs to Spark's grammar; only pipeline datasets are recognised here.
        if (!refresh && !streaming && !materialized && !live) {
            return null;
        }
        boolean view = tokens.isWord(i, "VIEW");
        if (!view && !tokens.isWord(i, "TABLE")) {
            return null;
        }
        i++;
        int ifNotExists = TokenNames.expect(tokens, i, "IF", "NOT", "EXISTS");
        TokenNames.Read name = TokenNames.target(tokens, ifNotExists > 0 ? ifNotExists : i, end);
        if (name == null) {
            return null;
        }
        boolean plainView = view && !tokens.isWord(i - 2, "MATERIALIZED");
        String kind = streaming ? "CREATE_STREAMING_TABLE"
                : plainView ? "CREATE_VIEW" : materialized ? "CREATE_MATERIALIZED_VIEW" : "CREATE_TABLE";
        StatementFacts facts = new StatementFacts(temporary && plainView ? "CREATE_TEMP_VIEW" : kind);
        facts.onlyIfAbsent = ifNotExists > 0 && view && !temporary;
        if (temporary && plainView && name.name() != null) {
            facts.temporaryViews.add(name.name().qualified());
        } else {
            facts.add(name, AccessRole.WRITE);
        }
        int as = queryStart(tokens, name.next(), end);
        DatabricksRecognisers.references(tokens, name.next(), as < 0 ? end : as, facts);
        int flow = TokenNames.find(tokens, name.next(), end, "FLOW");
        if (flow > 0 && TokenNames.expect(tokens, flow + 1, "AUTO", "CDC") > 0) {
            return source(tokens, flow + 3, end, facts, deadline);
        }
        if (as < 0) {
            return TokenNames.find(tokens, name.next(), end, "AS") < 0 ? facts : null;
        }
        return SparkSubStatement.walkInto(tokens, as, end, facts, deadline) ? facts : null;
    }

    private static StatementFacts flow(Tokens tokens, int at, int end, Deadline deadline) {
        TokenNames.Read flowName = TokenNames.name(tokens, at, end);
        if (flowName == null) {
            return null;
        }
        int as = TokenNames.find(tokens, flowName.next(), end, "AS");
        if (as < 0) {
            return null;
        }
        StatementFacts facts = new StatementFacts("CREATE_FLOW");
        if (TokenNames.expect(tokens, as + 1, "AUTO", "CDC", "INTO") > 0
                || TokenNames.expect(tokens, as + 1, "APPLY", "CHANGES", "INTO") > 0) {
            return changes(tokens, as + 4, end, facts, deadline);
        }
        if (tokens.isWord(as + 1, "INSERT")) {
            return SparkSubStatement.walkInto(tokens, as + 1, end, facts, deadline) ? facts : null;
        }
        return null;
    }

    /** {@code target FROM source ...} of APPLY CHANGES / AUTO CDC. */
    private static StatementFacts changes(Tokens tokens, int at, int end, StatementFacts facts,
            Deadline deadline) {
        TokenNames.Read target = TokenNames.target(tokens, at, end);
        if (target == null || !tokens.isWord(target.next(), "FROM")) {
            return null;
        }
        facts.add(target, AccessRole.WRITE);
        return source(tokens, target.next() + 1, end, facts, deadline);
    }

    /**
     * {@code STREAM(src)}, {@code STREAM src}, {@code src} or a parenthesised query (with CTEs and joins, possibly
     * inside {@code STREAM(...)}), after a FROM.
     */
    private static StatementFacts source(Tokens tokens, int at, int end, StatementFacts facts, Deadline deadline) {
        int i = tokens.isWord(at, "FROM") ? at + 1 : at;
        boolean parenthesised = false;
        if (tokens.isWord(i, "STREAM")) {
            i++;
            if (tokens.isSymbol(i, '(')) {
                parenthesised = true;
                i++;
            }
        }
        if (tokens.isSymbol(i, '(') || (parenthesised && startsQuery(tokens, i))) {
            return query(tokens, parenthesised ? i - 1 : i, end, facts, deadline);
        }
        TokenNames.Read source = TokenNames.target(tokens, i, end);
        if (source == null || (parenthesised && !tokens.isSymbol(source.next(), ')'))) {
            return null;
        }
        facts.add(source, AccessRole.READ);
        return facts;
    }

    /** The query inside the parentheses that open at {@code open}. */
    private static StatementFacts query(Tokens tokens, int open, int end, StatementFacts facts, Deadline deadline) {
        int close = closing(tokens, open, end);
        if (close < 0) {
            return null;
        }
        int from = open + 1;
        int to = close;
        while (tokens.isSymbol(from, '(') && closing(tokens, from, to + 1) == to - 1) {
            from++;
            to--;
        }
        if (from >= to || !startsQuery(tokens, from)) {
            return null;
        }
        return SparkSubStatement.walkInto(tokens, from, to, facts, deadline) ? facts : null;
    }

    /** The index of the {@code )} that closes the {@code (} at {@code open}, or -1. */
    private static int closing(Tokens tokens, int open, int end) {
        int depth = 0;
        for (int i = open; i < end; i++) {
            if (tokens.isSymbol(i, '(')) {
                depth++;
            } else if (tokens.isSymbol(i, ')') && --depth == 0) {
                return i;
            }
        }
        return -1;
    }

    /** The first token of the query after a top-level {@code AS}, or -1. */
    private static int queryStart(Tokens tokens, int from, int end) {
        int depth = 0;
        for (int i = from; i + 1 < end; i++) {
            if (tokens.isSymbol(i, '(')) {
                depth++;
            } else if (tokens.isSymbol(i, ')')) {
                depth--;
            } else if (depth == 0 && tokens.isWord(i, "AS") && startsQuery(tokens, i + 1)) {
                return i + 1;
            }
        }
        return -1;
    }

    private static boolean startsQuery(Tokens tokens, int i) {
        return tokens.isWord(i, "SELECT") || tokens.isWord(i, "WITH") || tokens.isWord(i, "FROM")
                || tokens.isWord(i, "VALUES") || tokens.isWord(i, "TABLE") || tokens.isSymbol(i, '(');
    }
}
