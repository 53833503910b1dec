package io.lakegov.sql;

import io.lakegov.sql.columns.ColumnWalker;
import io.lakegov.sql.databricks.CommandRecognisers;
import io.lakegov.sql.databricks.DatabricksClauses;
import io.lakegov.sql.databricks.DatabricksRecognisers;
import io.lakegov.sql.databricks.JSqlParserStage;
import io.lakegov.sql.spark.AtSuffixes;
import io.lakegov.sql.spark.DeltaCommands;
import io.lakegov.sql.spark.DeltaGrammar;
import io.lakegov.sql.spark.DeltaRules;
import io.lakegov.sql.spark.SparkGrammar;
import io.lakegov.sql.spark.SparkSubStatement;
import io.lakegov.sql.spark.SparkWalker;
import io.lakegov.sql.text.TokenType;
import io.lakegov.sql.text.Tokens;

import io.delta.sql.parser.DeltaSqlBaseParser;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.CompoundOrSingleStatementContext;

/**
 * The chain one statement goes through: Delta's grammar (only when the first keywords say it is a Delta
 * command), Spark's grammar, our Databricks recognisers, Spark's grammar reading {@code "x"} as a name (only when
 * the statement has such a token), then JSqlParser. The first stage that understands the statement wins; if none
 * does, the statement fails with the most telling reason.
 */
final class StatementStages {

    private StatementStages() {
    }

    static StageOutcome run(Tokens tokens, int first, int end, Deadline deadline) {
        int base = tokens.start(first);
        String text = tokens.source.substring(base, tokens.end(end - 1));
        try {
            if (DatabricksRecognisers.takesPrecedence(tokens, first, end)) {
                StatementFacts recognised = DatabricksRecognisers.recognise(tokens, first, end, deadline);
                if (recognised != null) {
                    return StageOutcome.found(recognised, "databricks-recogniser");
                }
            }
            if (DeltaCommands.isCandidate(tokens, first, end)) {
                StageOutcome delta = delta(tokens, first, end, text, deadline);
                if (delta != null) {
                    return delta;
                }
                if (DeltaCommands.isDescribe(tokens, first, end)) {
                    // Spark's grammar would read DESCRIBE HISTORY t as column t of a table named "history"
                    StatementFacts described = CommandRecognisers.describeDelta(tokens, first, end);
                    return described != null ? StageOutcome.found(described, "databricks-recogniser")
                            : StageOutcome.failed("Delta grammar rejects the statement");
                }
            }
            String sparkFailure;
            try {
                return spark(tokens, first, end, text, base, deadline);
            } catch (GrammarFailure failure) {
                if (deadline.expired()) {
                    return StageOutcome.failed("time budget exceeded");
                }
                sparkFailure = failure.getMessage();
            }
            StageOutcome withoutClauses = sparkWithoutDatabricksClauses(tokens, first, end, text, base, deadline);
            if (withoutClauses != null) {
                return withoutClauses;
            }
            StatementFacts recognised = DatabricksRecognisers.recognise(tokens, first, end, deadline);
            if (recognised != null) {
                return StageOutcome.found(recognised, "databricks-recogniser");
            }
            if (hasDoubleQuotedToken(tokens, first, end)) {
                StageOutcome quoted = sparkWithQuotedNames(tokens, first, end, text, base, deadline);
                if (quoted != null) {
                    return quoted;
                }
            }
            StatementFacts fallback = JSqlParserStage.analyze(tokens, first, end, text, deadline);
            if (fallback != null) {
                return StageOutcome.found(fallback, "jsqlparser");
            }
            return StageOutcome.failed(sparkFailure);
        } catch (StackOverflowError e) {
            return StageOutcome.failed("statement nested too deeply");
        } catch (GrammarFailure e) {
            return StageOutcome.failed(e.getMessage());
        }
    }

    private static StageOutcome delta(Tokens tokens, int first, int end, String text, Deadline deadline) {
        String deltaText = DeltaCommands.asShallowClone(tokens, first, end, text);
        int base = tokens.start(first);
        DeltaRules.Queries queries = (startChar, stopChar, into) -> {
            // Embedded queries are read from our tokens, which only line up with an unchanged text.
            int from = deltaText.equals(text) ? tokenAt(tokens, first, end, base + startChar, true) : -1;
            int to = from < 0 ? -1 : tokenAt(tokens, from, end, base + stopChar + 1, false);
            return to > from && SparkSubStatement.walkInto(tokens, from, to, into, deadline);
        };
        try {
            DeltaSqlBaseParser.SingleStatementContext root = DeltaGrammar.parse(deltaText, deadline);
            StatementFacts facts = DeltaRules.analyze(root, queries);
            return facts == null ? null : StageOutcome.found(facts, "delta-grammar");
        } catch (GrammarFailure e) {
            return null;
        }
    }

    /** The token starting at (or, with {@code start} false, the index after the token ending at) {@code offset}. */
    private static int tokenAt(Tokens tokens, int from, int end, int offset, boolean start) {
        for (int i = from; i < end; i++) {
            if (start ? tokens.start(i) == offset : tokens.end(i) == offset) {
                return start ? i : i + 1;
            }
        }
        return -1;
    }

    private static StageOutcome spark(Tokens tokens, int first, int end, String text, int base, Deadline deadline) {
        return spark(tokens, first, end, text, base, deadline, false);
    }

    /**
     * ANSI SQL written for other engines (TPC-DS as sqlglot emits it, for instance) quotes names with {@code "}
     * where Spark expects backticks. Spark reads such a text with {@code spark.sql.ansi.doubleQuotedIdentifiers}
     * set; this is far cheaper than JSqlParser and knows Spark's syntax besides.
     */
    private static StageOutcome sparkWithQuotedNames(Tokens tokens, int first, int end, String text, int base,
            Deadline deadline) {
        try {
            return spark(tokens, first, end, text, base, deadline, true);
        } catch (GrammarFailure failure) {
            return null;
        }
    }

    /** Spark's grammar once more, with the Databricks clauses it does not know blanked out. */
    private static StageOutcome sparkWithoutDatabricksClauses(Tokens tokens, int first, int end, String text,
            int base, Deadline deadline) {
        String blanked = DatabricksClauses.blank(tokens, first, end, text, base);
        if (blanked == null) {
            return null;
        }
        try {
            StageOutcome outcome = spark(tokens, first, end, blanked, base, deadline, false);
            return StageOutcome.found(outcome.facts(), "spark-grammar-databricks-clauses");
        } catch (GrammarFailure failure) {
            return null;
        }
    }

    private static boolean hasDoubleQuotedToken(Tokens tokens, int first, int end) {
        for (int i = first; i < end; i++) {
            if (tokens.type(i) == TokenType.STRING && tokens.source.charAt(tokens.start(i)) == '"') {
                return true;
            }
        }
        return false;
    }

    private static StageOutcome spark(Tokens tokens, int first, int end, String text, int base, Deadline deadline,
            boolean quotedNames) {
        AtSuffixes suffixes = AtSuffixes.cut(tokens, first, end, text, base);
        CompoundOrSingleStatementContext root = SparkGrammar.parse(suffixes.text, deadline, quotedNames);
        if (root.singleStatement() != null
                && root.singleStatement().statement() instanceof SqlBaseParser.FailNativeCommandContext) {
            throw new GrammarFailure("Spark does not support this command");
        }
        StatementFacts facts = new StatementFacts(null);
        new SparkWalker(facts, suffixes.byNameEnd, deadline).walk(root);
        ColumnWalker.collect(root, facts);
        if (facts.kind == null) {
            facts.kind = root.singleCompoundStatement() != null ? "COMPOUND" : "SET";
        }
        return StageOutcome.found(facts, quotedNames ? "spark-grammar-quoted-names" : "spark-grammar");
    }
}
