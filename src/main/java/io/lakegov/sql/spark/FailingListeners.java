package io.lakegov.sql.spark;

import io.lakegov.sql.GrammarFailure;

import org.antlr.v4.runtime.BaseErrorListener;
import org.antlr.v4.runtime.RecognitionException;
import org.antlr.v4.runtime.Recognizer;

/** Listeners for lexer and parser errors: the analyser never works from a recovered, guessed tree. */
final class FailingListeners {

    private FailingListeners() {
    }

    static String describe(int line, int column, String message) {
        return "syntax error at " + line + ":" + column + ": " + message;
    }

    /** Throws on the first syntax error. */
    static final class Errors extends BaseErrorListener {
        static final Errors INSTANCE = new Errors();

        @Override
        public void syntaxError(Recognizer<?, ?> recognizer, Object offendingSymbol, int line, int column,
                String message, RecognitionException e) {
            throw new GrammarFailure(describe(line, column, message));
        }
    }

    /**
     * Remembers the first syntax error without stopping the parser's own bail-out, so that an SLL parse whose
     * failure LL would only repeat can report the same reason the LL parse would have.
     */
    static final class FirstError extends BaseErrorListener {
        private String reason;

        @Override
        public void syntaxError(Recognizer<?, ?> recognizer, Object offendingSymbol, int line, int column,
                String message, RecognitionException e) {
            if (reason == null) {
                reason = describe(line, column, message);
            }
        }

        String reasonOr(String fallback) {
            return reason != null ? reason : fallback;
        }
    }
}
