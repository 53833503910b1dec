package io.lakegov.sql;

import io.delta.sql.parser.DeltaSqlBaseLexer;
import io.delta.sql.parser.DeltaSqlBaseParser;
import io.delta.sql.parser.DeltaSqlBaseParser.SingleStatementContext;
import org.antlr.v4.runtime.BailErrorStrategy;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.CommonTokenStream;
import org.antlr.v4.runtime.atn.PredictionMode;
import org.antlr.v4.runtime.misc.ParseCancellationException;

/** Runs Delta Lake's command grammar (OPTIMIZE, VACUUM, RESTORE, DESCRIBE HISTORY, CLONE, ...), SLL then LL. */
final class DeltaGrammar {

    private DeltaGrammar() {
    }

    static SingleStatementContext parse(String sql, Deadline deadline) {
        DeltaSqlBaseLexer lexer = new DeltaSqlBaseLexer(new UpperCaseCharStream(CharStreams.fromString(sql)));
        lexer.removeErrorListeners();
        lexer.addErrorListener(FailingListeners.Errors.INSTANCE);
        CommonTokenStream tokens = new CommonTokenStream(lexer);
        DeltaSqlBaseParser parser = new DeltaSqlBaseParser(tokens);
        parser.addParseListener(new FailingListeners.DeadlineCheck(deadline));
        parser.getInterpreter().setPredictionMode(PredictionMode.SLL);
        parser.setErrorHandler(new BailErrorStrategy());
        parser.removeErrorListeners();
        try {
            return parser.singleStatement();
        } catch (ParseCancellationException sllFailed) {
            tokens.seek(0);
            parser.reset();
            parser.getInterpreter().setPredictionMode(PredictionMode.LL);
            parser.addErrorListener(FailingListeners.Errors.INSTANCE);
            try {
                return parser.singleStatement();
            } catch (ParseCancellationException llFailed) {
                throw new GrammarFailure("Delta grammar rejects the statement");
            }
        }
    }
}
