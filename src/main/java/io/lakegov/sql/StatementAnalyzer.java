package io.lakegov.sql;

import java.util.List;

import io.lakegov.sql.text.Redaction;
import io.lakegov.sql.text.SqlLexer;
import io.lakegov.sql.text.Tokens;

/**
 * Finds the tables a SQL text reads, writes and grants on, for Spark, Delta Lake and Databricks SQL. The text
 * may hold one statement or a script. Thread-safe; {@link #analyze} never throws and never returns null: a text
 * it cannot understand is an {@link AnalysisStatus#UNANALYZABLE} result with a reason.
 */
public final class StatementAnalyzer {

    /** Bump whenever the output for some text may change, so stored analyses can be redone. */
    public static final String VERSION = "1.8";

    /** Parentheses nested deeper than this are refused before parsing; grammar recursion grows with them. */
    static final int MAX_NESTING = 100;

    private final AnalyzerSettings settings;

    public StatementAnalyzer(AnalyzerSettings settings) {
        this.settings = settings == null ? AnalyzerSettings.defaults() : settings;
        warmUp();
    }

    /**
     * The grammars build their prediction caches on first use, which takes longer than a time budget allows; do
     * it once here so the first real statement is not refused for it.
     */
    private static void warmUp() {
        Deadline generous = new Deadline(60_000_000_000L);
        for (String sql : new String[] {"SELECT a FROM t WHERE b = 1", "DESCRIBE HISTORY t"}) {
            Tokens tokens = SqlLexer.tokenize(sql);
            StatementStages.run(tokens, 0, tokens.size(), generous);
        }
    }

    public Analysis analyze(String sql) {
        try {
            return analyzeText(sql);
        } catch (RuntimeException | StackOverflowError e) {
            return refused("analyser failure: " + e.getClass().getSimpleName(), null, null);
        }
    }

    private Analysis analyzeText(String sql) {
        if (sql == null) {
            return refused("no statement text", null, null);
        }
        if (sql.length() > settings.maxSqlChars()) {
            return refused("too large: " + sql.length() + " characters, the limit is " + settings.maxSqlChars(),
                    null, null);
        }
        Deadline deadline = new Deadline(settings.timeBudget().toNanos());
        Tokens tokens;
        try {
            tokens = SqlLexer.tokenize(sql);
        } catch (SqlLexer.UntokenizableException e) {
            return refused("cannot tokenise: " + e.getMessage(), null, null);
        }
        String redacted = Redaction.redact(tokens);
        String fingerprint = Redaction.fingerprint(tokens);
        if (tokens.size() == 0) {
            return refused("empty statement", fingerprint, redacted);
        }
        if (tokens.maxDepth > MAX_NESTING) {
            return refused("nested too deeply: " + tokens.maxDepth + " levels of parentheses, the limit is "
                    + MAX_NESTING, fingerprint, redacted);
        }
        ScriptResult script = new ScriptResult();
        List<ScriptSplitter.Piece> pieces = ScriptSplitter.split(tokens);
        if (pieces.isEmpty()) {
            return refused("empty statement", fingerprint, redacted);
        }
        for (int i = 0; i < pieces.size(); i++) {
            ScriptSplitter.Piece piece = pieces.get(i);
            StageOutcome outcome = deadline.expired()
                    ? StageOutcome.failed("time budget exceeded")
                    : StatementStages.run(tokens, piece.firstToken(), piece.endToken(), deadline);
            script.add(i + 1, outcome);
        }
        return script.toAnalysis(pieces.size(), fingerprint, redacted);
    }

    private static Analysis refused(String reason, String fingerprint, String redacted) {
        return new Analysis(AnalysisStatus.UNANALYZABLE, null, List.of(), List.of(), fingerprint, redacted, "none",
                reason, VERSION, null, List.of(), List.of(), List.of(), false);
    }
}
