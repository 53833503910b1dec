package io.lakegov.sql.text;

import java.util.ArrayList;
import java.util.List;

import io.lakegov.sql.StatementFacts;
import io.lakegov.sql.TableName;

/** Reading dotted names and keywords from our own tokens, for statements no grammar understands. */
public final class TokenNames {

    /**
     * A name and the index of the token after it.
     *
     * @param name null only from {@link #target} for {@code IDENTIFIER(<expression>)}
     */
    public record Read(TableName name, int next) {
    }

    private TokenNames() {
    }

    /**
     * Reads {@code a.b.c}, {@code `a`.b} or {@code IDENTIFIER('a.b')} (also as one part of a dotted name, as Spark
     * reads it) at {@code i}; null when no name starts there, and for a name with a part
     * {@code IDENTIFIER(<expression>)}, which is known only when it runs (see {@link #target}).
     */
    public static Read name(Tokens tokens, int i, int end) {
        Read read = read(tokens, i, end);
        return read == null || read.name() == null ? null : read;
    }

    /**
     * Like {@link #name}, and also a name with a part {@code IDENTIFIER(<expression>)}, as a read whose name is
     * null: the statement names a table only known when it runs (see {@link StatementFacts#add(Read, AccessRole)}).
     */
    public static Read target(Tokens tokens, int i, int end) {
        return read(tokens, i, end);
    }

    private static Read read(Tokens tokens, int i, int end) {
        List<String> parts = new ArrayList<>(3);
        boolean dynamic = false;
        int j = i;
        while (j < end) {
            TokenType type = tokens.type(j);
            if (tokens.isWord(j, "IDENTIFIER") && tokens.isSymbol(j + 1, '(')) {
                int close = closing(tokens, j + 1, end);
                if (close < 0) {
                    return null;
                }
                TableName literal = literalName(tokens, j + 2, close);
                if (literal == null) {
                    dynamic = true;
                } else {
                    parts.addAll(literal.parts());
                }
                j = close;
            } else if (type == TokenType.WORD) {
                parts.add(tokens.text(j));
            } else if (type == TokenType.QUOTED_IDENTIFIER) {
                String quoted = tokens.text(j);
                parts.add(quoted.substring(1, quoted.length() - 1).replace("``", "`"));
            } else {
                return null;
            }
            j++;
            if (!tokens.isSymbol(j, '.') || j >= end) {
                break;
            }
            j++;
        }
        if (dynamic) {
            return new Read(null, j);
        }
        if (parts.isEmpty()) {
            return null;
        }
        try {
            return new Read(new TableName(parts), j);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** The name the string literals in {@code [from, to)} spell ({@code 'a.b'}, {@code 'a' '.b'}), or null. */
    private static TableName literalName(Tokens tokens, int from, int to) {
        if (from >= to) {
            return null;
        }
        StringBuilder value = new StringBuilder();
        for (int k = from; k < to; k++) {
            if (tokens.type(k) != TokenType.STRING) {
                return null;
            }
            value.append(Literals.unquote(tokens.text(k)));
        }
        try {
            return TableName.parse(value.toString());
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** The index of the {@code )} that closes the {@code (} at {@code open}, or -1. */
    private static int closing(Tokens tokens, int open, int end) {
        int depth = 0;
        for (int j = open; j < end; j++) {
            if (tokens.isSymbol(j, '(')) {
                depth++;
            } else if (tokens.isSymbol(j, ')') && --depth == 0) {
                return j;
            }
        }
        return -1;
    }

    /** Index of the first top-level (outside parentheses) word {@code word} in {@code [from, end)}, or -1. */
    public static int find(Tokens tokens, int from, int end, String word) {
        int depth = 0;
        for (int i = from; i < end; i++) {
            if (tokens.isSymbol(i, '(')) {
                depth++;
            } else if (tokens.isSymbol(i, ')')) {
                depth--;
            } else if (depth == 0 && tokens.isWord(i, word)) {
                return i;
            }
        }
        return -1;
    }

    /** Skips the words given, in order, when they all follow at {@code i}; returns the index after them or -1. */
    public static int expect(Tokens tokens, int i, String... words) {
        int j = i;
        for (String word : words) {
            if (!tokens.isWord(j, word)) {
                return -1;
            }
            j++;
        }
        return j;
    }
}
