package io.lakegov.sql.spark;

import org.antlr.v4.runtime.CharStream;
import org.antlr.v4.runtime.IntStream;
import org.antlr.v4.runtime.misc.Interval;

/**
 * The text as the grammars' lexers see it: upper-cased, as Spark does, so keywords match whatever their case,
 * while token text keeps the original spelling. Positions count code points, as ANTLR's own streams do. The
 * upper-cased code points are computed once, because the lexer looks at most characters several times; doing it
 * here rather than by wrapping ANTLR's stream also saves a call through two interfaces per look.
 */
final class UpperCaseCharStream implements CharStream {

    private final String text;
    private final int[] upper;
    /** Where each code point starts in {@code text}; null when every character is one code point. */
    private final int[] charOffsets;
    private int position;

    UpperCaseCharStream(String text) {
        this.text = text;
        int count = text.codePointCount(0, text.length());
        this.upper = new int[count];
        this.charOffsets = count == text.length() ? null : new int[count + 1];
        int at = 0;
        for (int i = 0; i < count; i++) {
            int c = text.codePointAt(at);
            upper[i] = Character.toUpperCase(c);
            if (charOffsets != null) {
                charOffsets[i] = at;
            }
            at += Character.charCount(c);
        }
        if (charOffsets != null) {
            charOffsets[count] = at;
        }
    }

    @Override
    public int LA(int i) {
        if (i == 0) {
            return 0;
        }
        int at = i > 0 ? position + i - 1 : position + i;
        return at >= 0 && at < upper.length ? upper[at] : IntStream.EOF;
    }

    @Override
    public String getText(Interval interval) {
        int start = Math.max(0, interval.a);
        int stop = Math.min(interval.b, upper.length - 1);
        if (stop < start) {
            return "";
        }
        return charOffsets == null ? text.substring(start, stop + 1)
                : text.substring(charOffsets[start], charOffsets[stop + 1]);
    }

    @Override
    public void consume() {
        if (position >= upper.length) {
            throw new IllegalStateException("cannot consume EOF");
        }
        position++;
    }

    @Override
    public int mark() {
        return -1;
    }

    @Override
    public void release(int marker) {
        // Nothing is buffered: the whole text is always available.
    }

    @Override
    public int index() {
        return position;
    }

    @Override
    public void seek(int index) {
        position = index;
    }

    @Override
    public int size() {
        return upper.length;
    }

    @Override
    public String getSourceName() {
        return IntStream.UNKNOWN_SOURCE_NAME;
    }
}
