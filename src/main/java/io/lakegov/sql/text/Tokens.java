package io.lakegov.sql.text;

import java.util.Arrays;

/**
 * The tokens of one text, stored as parallel arrays because a text can hold hundreds of thousands of them.
 * {@code spaceBefore} records whether whitespace or a comment separated a token from the previous one.
 */
public final class Tokens {

    public final String source;
    private TokenType[] types = new TokenType[64];
    private int[] starts = new int[64];
    private int[] ends = new int[64];
    private boolean[] spaceBefore = new boolean[64];
    private int size;
    public int maxDepth;

    Tokens(String source) {
        this.source = source;
    }

    void add(TokenType type, int start, int end, boolean space) {
        if (size == types.length) {
            int capacity = size * 2;
            types = Arrays.copyOf(types, capacity);
            starts = Arrays.copyOf(starts, capacity);
            ends = Arrays.copyOf(ends, capacity);
            spaceBefore = Arrays.copyOf(spaceBefore, capacity);
        }
        types[size] = type;
        starts[size] = start;
        ends[size] = end;
        spaceBefore[size] = space;
        size++;
    }

    public int size() {
        return size;
    }

    public TokenType type(int i) {
        return types[i];
    }

    public int start(int i) {
        return starts[i];
    }

    public int end(int i) {
        return ends[i];
    }

    public boolean spaceBefore(int i) {
        return spaceBefore[i];
    }

    public String text(int i) {
        return source.substring(starts[i], ends[i]);
    }

    public boolean isSymbol(int i, char c) {
        return i >= 0 && i < size && types[i] == TokenType.SYMBOL && ends[i] - starts[i] == 1
                && source.charAt(starts[i]) == c;
    }

    /** Case-insensitive keyword test that does not allocate. */
    public boolean isWord(int i, String upperWord) {
        if (i < 0 || i >= size || types[i] != TokenType.WORD) {
            return false;
        }
        int length = ends[i] - starts[i];
        return length == upperWord.length() && source.regionMatches(true, starts[i], upperWord, 0, length);
    }
}
