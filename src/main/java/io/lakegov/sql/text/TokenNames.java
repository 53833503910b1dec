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
     * Reads {@code a.b.c}, {@code `a`.b} or {@code IDENTIFIER('a.b')} at {@code i}; null when no name starts there,
     * and for {@code IDENTIFIER(<expression>)}, whose name is known only when it runs (see {@link #target}).
     */
    public static Read name(Tokens tokens, int i, int end) {
        if (tokens.isWord(i, "IDENTIFIER") && tokens.isSymbol(i + 1, '(')) {
            return identifier(tokens, i, end);
        }
        List<String> parts = new ArrayList<>(3);
        int j = i;
        while (j < end) {
            TokenType type = tokens.type(j);
            if (type == TokenType.WORD) {
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
        if (parts.isEmpty()) {
            return null;
        }
        try {
            return new Read(new TableName(parts), j);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /**
     * Like {@link #name}, and also {@code IDENTIFIER(<expression>)}, as a read whose name is null: the statement
     * names a table only known when it runs (see {@link StatementFacts#add(Read, AccessRole)}).
     */
    public static Read target(Tokens tokens, int i, int end) {
        Read read = name(tokens, i, end);
        if (read != null) {
            return read;
        }
        int dynamic = dynamicEnd(tokens, i, end);
        return dynamic < 0 ? null : new Read(null, dynamic);
    }

    private static Read identifier(Tokens tokens, int i, int end) {
        if (i + 3 >= end || tokens.type(i + 2) != TokenType.STRING || !tokens.isSymbol(i + 3, ')')) {
            return null;
        }
        String literal = Literals.stringValue(tokens.text(i + 2));
        try {
            return literal == null ? null : new Read(TableName.parse(literal), i + 4);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** The index after {@code IDENTIFIER(<expression>)} at {@code i} (not a string literal), or -1. */
    private static int dynamicEnd(Tokens tokens, int i, int end) {
        if (!tokens.isWord(i, "IDENTIFIER") || !tokens.isSymbol(i + 1, '(') || identifier(tokens, i, end) != null) {
            return -1;
        }
        int depth = 0;
        for (int j = i + 1; j < end; j++) {
            if (tokens.isSymbol(j, '(')) {
                depth++;
            } else if (tokens.isSymbol(j, ')') && --depth == 0) {
                return j + 1;
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
