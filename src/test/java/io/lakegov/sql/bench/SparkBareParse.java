package io.lakegov.sql.bench;

import org.antlr.v4.runtime.BailErrorStrategy;
import org.antlr.v4.runtime.CharStream;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.CommonTokenStream;
import org.antlr.v4.runtime.IntStream;
import org.antlr.v4.runtime.atn.PredictionMode;
import org.antlr.v4.runtime.misc.Interval;
import org.antlr.v4.runtime.misc.ParseCancellationException;
import org.apache.spark.sql.catalyst.parser.SqlBaseLexer;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser;

/**
 * The baseline the analyser is measured against in the same run: Spark's generated lexer and parser alone, set
 * up as Spark's own {@code AbstractParser} does (fresh lexer and parser per text, an upper-casing character
 * stream, SLL prediction, no error recovery), without the LL retry, the tree walk or anything of ours. Texts it
 * rejects count as done. Because the machine is shared, only the ratio between the two figures is meaningful.
 */
final class SparkBareParse {

    private SparkBareParse() {
    }

    /** Parses one text; true when Spark's grammar accepted it with SLL prediction. */
    static boolean parse(String sql) {
        SqlBaseLexer lexer = new SqlBaseLexer(new UpperCase(CharStreams.fromString(sql)));
        lexer.removeErrorListeners();
        SqlBaseParser parser = new SqlBaseParser(new CommonTokenStream(lexer));
        parser.removeErrorListeners();
        parser.setErrorHandler(new BailErrorStrategy());
        parser.getInterpreter().setPredictionMode(PredictionMode.SLL);
        parser.parameter_substitution_enabled = true;
        parser.single_character_pipe_operator_enabled = true;
        try {
            parser.compoundOrSingleStatement();
            return true;
        } catch (ParseCancellationException e) {
            return false;
        }
    }

    /** What Spark's {@code UpperCaseCharStream} does: keywords match in any case, token text keeps its case. */
    private record UpperCase(CharStream wrapped) implements CharStream {

        @Override
        public int LA(int i) {
            int c = wrapped.LA(i);
            return c == 0 || c == IntStream.EOF ? c : Character.toUpperCase(c);
        }

        @Override
        public String getText(Interval interval) {
            return wrapped.getText(interval);
        }

        @Override
        public void consume() {
            wrapped.consume();
        }

        @Override
        public int mark() {
            return wrapped.mark();
        }

        @Override
        public void release(int marker) {
            wrapped.release(marker);
        }

        @Override
        public int index() {
            return wrapped.index();
        }

        @Override
        public void seek(int index) {
            wrapped.seek(index);
        }

        @Override
        public int size() {
            return wrapped.size();
        }

        @Override
        public String getSourceName() {
            return wrapped.getSourceName();
        }
    }
}
