package io.lakegov.sql;

import org.antlr.v4.runtime.BaseErrorListener;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.RecognitionException;
import org.antlr.v4.runtime.Recognizer;
import org.antlr.v4.runtime.tree.ErrorNode;
import org.antlr.v4.runtime.tree.ParseTreeListener;
import org.antlr.v4.runtime.tree.TerminalNode;

/** Listeners that turn any lexer or parser error, and an expired time budget, into a {@link GrammarFailure}. */
final class FailingListeners {

    private FailingListeners() {
    }

    /** Throws on the first syntax error: the analyser never works from a recovered, guessed tree. */
    static final class Errors extends BaseErrorListener {
        static final Errors INSTANCE = new Errors();

        @Override
        public void syntaxError(Recognizer<?, ?> recognizer, Object offendingSymbol, int line, int column,
                String message, RecognitionException e) {
            throw new GrammarFailure("syntax error at " + line + ":" + column + ": " + message);
        }
    }

    /** Checks the deadline every few hundred rule entries, cheap enough to leave on. */
    static final class DeadlineCheck implements ParseTreeListener {
        private final Deadline deadline;
        private int entries;

        DeadlineCheck(Deadline deadline) {
            this.deadline = deadline;
        }

        @Override
        public void enterEveryRule(ParserRuleContext ctx) {
            if ((++entries & 0xFF) == 0 && deadline.expired()) {
                throw new GrammarFailure("time budget exceeded");
            }
        }

        @Override
        public void exitEveryRule(ParserRuleContext ctx) {
        }

        @Override
        public void visitTerminal(TerminalNode node) {
        }

        @Override
        public void visitErrorNode(ErrorNode node) {
        }
    }
}
