package io.lakegov.sql.spark;

import io.lakegov.sql.Deadline;
import io.lakegov.sql.GrammarFailure;

import io.delta.sql.parser.DeltaSqlBaseLexer;
import io.delta.sql.parser.DeltaSqlBaseParser;
import io.delta.sql.parser.DeltaSqlBaseParser.SingleStatementContext;
import org.antlr.v4.runtime.BailErrorStrategy;
import org.antlr.v4.runtime.CommonTokenStream;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.TokenStream;
import org.antlr.v4.runtime.atn.PredictionMode;
import org.antlr.v4.runtime.misc.ParseCancellationException;

/**
 * Runs Delta Lake's command grammar (OPTIMIZE, VACUUM, RESTORE, DESCRIBE HISTORY, CLONE, ...), SLL, then LL
 * when SLL failed after guessing (see {@link SllConflictWatch}).
 */
public final class DeltaGrammar {

    private static final String REJECTED = "Delta grammar rejects the statement";

    private DeltaGrammar() {
    }

    public static SingleStatementContext parse(String sql, Deadline deadline) {
        DeltaSqlBaseLexer lexer = new DeltaSqlBaseLexer(new UpperCaseCharStream(sql));
        lexer.removeErrorListeners();
        lexer.addErrorListener(FailingListeners.Errors.INSTANCE);
        CommonTokenStream tokens = new CommonTokenStream(lexer);
        BudgetedParser parser = new BudgetedParser(tokens, deadline);
        parser.getInterpreter().setPredictionMode(PredictionMode.SLL);
        parser.setErrorHandler(new BailErrorStrategy());
        parser.removeErrorListeners();
        try {
            return parser.singleStatement();
        } catch (ParseCancellationException sllFailed) {
            if (!parser.watch.sllGuessed()) {
                throw new GrammarFailure(REJECTED);
            }
            tokens.seek(0);
            parser.reset();
            parser.getInterpreter().setPredictionMode(PredictionMode.LL);
            parser.addErrorListener(FailingListeners.Errors.INSTANCE);
            try {
                return parser.singleStatement();
            } catch (ParseCancellationException llFailed) {
                throw new GrammarFailure(REJECTED);
            }
        }
    }

    /** Delta's parser checking the time budget as it enters rules (see {@code SparkGrammar}). */
    private static final class BudgetedParser extends DeltaSqlBaseParser {
        private final Deadline deadline;
        final SllConflictWatch watch;

        BudgetedParser(TokenStream input, Deadline deadline) {
            super(input);
            this.deadline = deadline;
            this.watch = new SllConflictWatch(this, _ATN, _decisionToDFA, _sharedContextCache, deadline);
            setInterpreter(watch);
        }

        @Override
        public void enterRule(ParserRuleContext localctx, int state, int ruleIndex) {
            deadline.tick();
            super.enterRule(localctx, state, ruleIndex);
        }

        @Override
        public void enterRecursionRule(ParserRuleContext localctx, int state, int ruleIndex, int precedence) {
            deadline.tick();
            super.enterRecursionRule(localctx, state, ruleIndex, precedence);
        }
    }
}
