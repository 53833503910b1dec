package io.lakegov.sql;

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
            return changes(tokens, first + 3, end, new StatementFacts("APPLY_CHANGES"));
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
        TokenNames.Read name = TokenNames.name(tokens, ifNotExists > 0 ? ifNotExists : i, end);
        if (name == null) {
            return null;
        }
        String kind = streaming ? "CREATE_STREAMING_TABLE"
                : materialized ? "CREATE_MATERIALIZED_VIEW" : view ? "CREATE_VIEW" : "CREATE_TABLE";
        StatementFacts facts = new StatementFacts(temporary && view ? "CREATE_TEMP_VIEW" : kind);
        if (temporary && view) {
            facts.temporaryViews.add(name.name().qualified());
        } else {
            facts.add(name.name(), AccessRole.WRITE, null);
        }
        int flow = TokenNames.find(tokens, name.next(), end, "FLOW");
        if (flow > 0 && TokenNames.expect(tokens, flow + 1, "AUTO", "CDC") > 0) {
            return source(tokens, flow + 3, end, facts);
        }
        int as = queryStart(tokens, name.next(), end);
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
            return changes(tokens, as + 4, end, facts);
        }
        if (tokens.isWord(as + 1, "INSERT")) {
            return SparkSubStatement.walkInto(tokens, as + 1, end, facts, deadline) ? facts : null;
        }
        return null;
    }

    /** {@code target FROM source ...} of APPLY CHANGES / AUTO CDC. */
    private static StatementFacts changes(Tokens tokens, int at, int end, StatementFacts facts) {
        TokenNames.Read target = TokenNames.name(tokens, at, end);
        if (target == null || !tokens.isWord(target.next(), "FROM")) {
            return null;
        }
        facts.add(target.name(), AccessRole.WRITE, null);
        return source(tokens, target.next() + 1, end, facts);
    }

    /** {@code STREAM(src)}, {@code STREAM src} or {@code src}, after a FROM. */
    private static StatementFacts source(Tokens tokens, int at, int end, StatementFacts facts) {
        int i = tokens.isWord(at, "FROM") ? at + 1 : at;
        boolean parenthesised = false;
        if (tokens.isWord(i, "STREAM")) {
            i++;
            if (tokens.isSymbol(i, '(')) {
                parenthesised = true;
                i++;
            }
        }
        TokenNames.Read source = TokenNames.name(tokens, i, end);
        if (source == null || (parenthesised && !tokens.isSymbol(source.next(), ')'))) {
            return null;
        }
        facts.add(source.name(), AccessRole.READ, null);
        return facts;
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
