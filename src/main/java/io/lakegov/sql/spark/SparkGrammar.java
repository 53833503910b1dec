package io.lakegov.sql.spark;

import io.lakegov.sql.Deadline;
import io.lakegov.sql.GrammarFailure;

import org.antlr.v4.runtime.BailErrorStrategy;
import org.antlr.v4.runtime.CommonTokenStream;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.TokenStream;
import org.antlr.v4.runtime.atn.PredictionMode;
import org.antlr.v4.runtime.misc.ParseCancellationException;
import org.apache.spark.sql.catalyst.parser.SqlBaseLexer;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.CompoundOrSingleStatementContext;

/**
 * Runs Spark's generated SQL grammar with Spark's default settings: SLL prediction first, full LL only when SLL
 * fails after guessing (see {@link SllConflictWatch}), and no error recovery. The prediction caches are the
 * generated parser's static ones, shared by every parse.
 */
public final class SparkGrammar {

    private static final String REJECTED = "Spark grammar rejects the statement";

    private SparkGrammar() {
    }

    public static CompoundOrSingleStatementContext parse(String sql, Deadline deadline) {
        return parse(sql, deadline, false);
    }

    /**
     * @param doubleQuotedIdentifiers read {@code "x"} as a name rather than a string, as Spark does with
     *                                {@code spark.sql.ansi.doubleQuotedIdentifiers}
     */
    public static CompoundOrSingleStatementContext parse(String sql, Deadline deadline, boolean doubleQuotedIdentifiers) {
        SqlBaseLexer lexer = new SqlBaseLexer(new UpperCaseCharStream(sql));
        lexer.removeErrorListeners();
        lexer.addErrorListener(FailingListeners.Errors.INSTANCE);
        CommonTokenStream tokens = new CommonTokenStream(lexer);
        BudgetedParser parser = new BudgetedParser(tokens, deadline);
        parser.double_quoted_identifiers = doubleQuotedIdentifiers;
        parser.getInterpreter().setPredictionMode(PredictionMode.SLL);
        parser.setErrorHandler(new BailErrorStrategy());
        parser.removeErrorListeners();
        FailingListeners.FirstError sllError = new FailingListeners.FirstError();
        parser.addErrorListener(sllError);
        try {
            return parser.compoundOrSingleStatement();
        } catch (ParseCancellationException sllFailed) {
            if (!parser.watch.sllGuessed()) {
                throw new GrammarFailure(sllError.reasonOr(REJECTED));
            }
            tokens.seek(0);
            parser.removeErrorListeners();
            parser.reset();
            parser.getInterpreter().setPredictionMode(PredictionMode.LL);
            parser.addErrorListener(FailingListeners.Errors.INSTANCE);
            try {
                return parser.compoundOrSingleStatement();
            } catch (ParseCancellationException llFailed) {
                throw new GrammarFailure(REJECTED);
            }
        }
    }

    /**
     * Spark's parser with the values Spark sets from its default configuration, checking the time budget as it
     * enters rules. A parse listener could do the same, but ANTLR would then also call it for every token and
     * build an iterator per call.
     */
    private static final class BudgetedParser extends SqlBaseParser {
        private final Deadline deadline;
        final SllConflictWatch watch;

        BudgetedParser(TokenStream input, Deadline deadline) {
            super(input);
            this.deadline = deadline;
            this.watch = new SllConflictWatch(this, _ATN, _decisionToDFA, _sharedContextCache, deadline);
            setInterpreter(watch);
            legacy_setops_precedence_enabled = false;
            legacy_exponent_literal_as_decimal_enabled = false;
            SQL_standard_keyword_behavior = false;
            double_quoted_identifiers = false;
            parameter_substitution_enabled = true;
            legacy_identifier_clause_only = false;
            single_character_pipe_operator_enabled = true;
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
