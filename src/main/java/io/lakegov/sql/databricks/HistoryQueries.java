package io.lakegov.sql.databricks;

import io.lakegov.sql.text.Literals;
import io.lakegov.sql.text.TokenNames;
import io.lakegov.sql.text.TokenType;
import io.lakegov.sql.text.Tokens;

/**
 * {@code DESCRIBE HISTORY t [LIMIT n]} in parentheses used as a query, as in {@code SELECT * FROM (DESCRIBE HISTORY
 * t)}: Databricks allows it, neither grammar does. It reads the history of {@code t}, a read of {@code t} like the
 * statement itself, so Spark's grammar is given {@code (TABLE t [LIMIT n])} in its place (a path string becomes
 * {@code delta.`path`}); the text keeps its length, so offsets stay put.
 */
final class HistoryQueries {

    private HistoryQueries() {
    }

    /** The index after the history query's table starting at {@code i}, or {@code i} when none starts there. */
    static int end(Tokens tokens, int i, int end) {
        if (!tokens.isSymbol(i - 1, '(') || !(tokens.isWord(i, "DESCRIBE") || tokens.isWord(i, "DESC"))
                || !tokens.isWord(i + 1, "HISTORY") || i + 2 >= end) {
            return i;
        }
        if (tokens.type(i + 2) == TokenType.STRING) {
            String path = Literals.stringValue(tokens.text(i + 2));
            boolean fits = path != null
                    && "TABLE delta.``".length() + path.length() <= tokens.end(i + 2) - tokens.start(i);
            return !fits || path.isEmpty() || path.indexOf('`') >= 0 ? i : i + 3;
        }
        TokenNames.Read name = TokenNames.target(tokens, i + 2, end);
        return name == null ? i : name.next();
    }

    /** Writes the replacement of tokens {@code [i, to)} (found by {@link #end}) into the text's characters. */
    static void rewrite(Tokens tokens, int i, int to, char[] chars, int base) {
        int from = tokens.start(i) - base;
        int stop = tokens.end(to - 1) - base;
        int table = tokens.start(i + 2) - base;
        String replacement = tokens.type(i + 2) == TokenType.STRING
                ? "TABLE delta.`" + Literals.stringValue(tokens.text(i + 2)) + "`" : "TABLE";
        int last = tokens.type(i + 2) == TokenType.STRING ? stop : table;
        for (int c = from; c < last; c++) {
            int k = c - from;
            chars[c] = k < replacement.length() ? replacement.charAt(k) : ' ';
        }
    }
}
