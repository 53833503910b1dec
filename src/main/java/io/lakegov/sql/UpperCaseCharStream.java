package io.lakegov.sql;

import org.antlr.v4.runtime.CharStream;
import org.antlr.v4.runtime.IntStream;
import org.antlr.v4.runtime.misc.Interval;

/**
 * Shows the lexer an upper-cased view of the text, as Spark does, so keywords match whatever their case, while
 * token text keeps the original spelling.
 */
final class UpperCaseCharStream implements CharStream {

    private final CharStream wrapped;

    UpperCaseCharStream(CharStream wrapped) {
        this.wrapped = wrapped;
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
    public int LA(int i) {
        int c = wrapped.LA(i);
        if (c == 0 || c == IntStream.EOF) {
            return c;
        }
        return Character.toUpperCase(c);
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
