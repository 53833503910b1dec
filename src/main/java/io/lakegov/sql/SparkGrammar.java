package io.lakegov.sql;

import org.antlr.v4.runtime.BailErrorStrategy;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.CommonTokenStream;
import org.antlr.v4.runtime.atn.PredictionMode;
import org.antlr.v4.runtime.misc.ParseCancellationException;
import org.apache.spark.sql.catalyst.parser.SqlBaseLexer;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.CompoundOrSingleStatementContext;

/**
 * Runs Spark's generated SQL grammar with Spark's default settings: SLL prediction first, full LL only when SLL
 * fails, and no error recovery.
 */
final class SparkGrammar {

    private SparkGrammar() {
    }

    static CompoundOrSingleStatementContext parse(String sql, Deadline deadline) {
        SqlBaseLexer lexer = new SqlBaseLexer(new UpperCaseCharStream(CharStreams.fromString(sql)));
        lexer.removeErrorListeners();
        lexer.addErrorListener(FailingListeners.Errors.INSTANCE);
        CommonTokenStream tokens = new CommonTokenStream(lexer);
        SqlBaseParser parser = new SqlBaseParser(tokens);
        configure(parser);
        parser.addParseListener(new FailingListeners.DeadlineCheck(deadline));
        parser.getInterpreter().setPredictionMode(PredictionMode.SLL);
        parser.setErrorHandler(new BailErrorStrategy());
        parser.removeErrorListeners();
        try {
            return parser.compoundOrSingleStatement();
        } catch (ParseCancellationException sllFailed) {
            tokens.seek(0);
            parser.reset();
            parser.getInterpreter().setPredictionMode(PredictionMode.LL);
            parser.addErrorListener(FailingListeners.Errors.INSTANCE);
            try {
                return parser.compoundOrSingleStatement();
            } catch (ParseCancellationException llFailed) {
                throw new GrammarFailure("Spark grammar rejects the statement");
            }
        }
    }

    /** The values Spark's own parser sets from its default configuration. */
    private static void configure(SqlBaseParser parser) {
        parser.legacy_setops_precedence_enabled = false;
        parser.legacy_exponent_literal_as_decimal_enabled = false;
        parser.SQL_standard_keyword_behavior = false;
        parser.double_quoted_identifiers = false;
        parser.parameter_substitution_enabled = true;
        parser.legacy_identifier_clause_only = false;
        parser.single_character_pipe_operator_enabled = true;
    }
}
