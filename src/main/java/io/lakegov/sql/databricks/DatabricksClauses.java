package io.lakegov.sql.databricks;

import io.lakegov.sql.text.TokenNames;
import io.lakegov.sql.text.TokenType;
import io.lakegov.sql.text.Tokens;

import java.util.Arrays;
import java.util.BitSet;

/**
 * Databricks clauses inside statements that Spark's grammar otherwise knows, and that carry no table: the
 * {@code ONCE} of {@code INSERT INTO ONCE} (a pipeline flow), a column {@code MASK f [USING COLUMNS (...)]} (in
 * CREATE TABLE), {@code WITH ROW FILTER f ON (...)}, {@code CLUSTER BY AUTO | NONE}, the {@code EXCEPT (...)} of a
 * MERGE's {@code UPDATE SET *} or {@code INSERT *}, {@code COMPUTE DELTA STATISTICS},
 * {@code REPAIR TABLE t SYNC METADATA}, a {@code LOCATION '...' WITH (CREDENTIAL ...)}, and the key constraint
 * words of {@link KeyConstraintClauses} (the {@code FOREIGN KEY} of a column's {@code FOREIGN KEY REFERENCES p},
 * {@code DEFERRABLE}, ...). When Spark's grammar refuses a statement, these are replaced by spaces (offsets stay
 * put) and the grammar reads the rest; the text is unchanged when there is none. A history query
 * {@code (DESCRIBE HISTORY t)} is rewritten as {@link HistoryQueries} says.
 */
public final class DatabricksClauses {

    private DatabricksClauses() {
    }

    /** The text of tokens {@code [first, end)} (which starts at {@code base}) without the clauses; null if none. */
    public static String blank(Tokens tokens, int first, int end, String text, int base) {
        char[] chars = null;
        BitSet keyWords = KeyConstraintClauses.databricksOnly(tokens, first, end);
        for (int i = first; i < end; i++) {
            if (keyWords.get(i)) {
                if (chars == null) {
                    chars = text.toCharArray();
                }
                Arrays.fill(chars, tokens.start(i) - base, tokens.end(i) - base, ' ');
                continue;
            }
            int history = HistoryQueries.end(tokens, i, end);
            if (history > i) {
                if (chars == null) {
                    chars = text.toCharArray();
                }
                HistoryQueries.rewrite(tokens, i, history, chars, base);
                i = history - 1;
                continue;
            }
            int to = clauseEnd(tokens, first, i, end);
            if (to <= i) {
                continue;
            }
            if (chars == null) {
                chars = text.toCharArray();
            }
            for (int c = tokens.start(i) - base; c < tokens.end(to - 1) - base; c++) {
                chars[c] = ' ';
            }
            i = to - 1;
        }
        return chars == null ? null : new String(chars);
    }

    /** The end (exclusive) of a clause starting at {@code i}, or {@code i} when none starts there. */
    private static int clauseEnd(Tokens tokens, int first, int i, int end) {
        if (tokens.isWord(i, "ONCE") && tokens.isWord(i - 1, "INTO")) {
            return i + 1;
        }
        if (tokens.isWord(i, "EXCEPT") && tokens.isSymbol(i - 1, '*') && tokens.isSymbol(i + 1, '(')
                && (tokens.isWord(i - 2, "SET") || tokens.isWord(i - 2, "INSERT")) && tokens.isWord(first, "MERGE")) {
            return after(tokens, i + 1, end);
        }
        if (tokens.isWord(i, "MASK") && (tokens.isWord(first, "CREATE") || tokens.isWord(first, "REPLACE"))) {
            TokenNames.Read function = TokenNames.name(tokens, i + 1, end);
            if (function == null) {
                return i;
            }
            int using = TokenNames.expect(tokens, function.next(), "USING", "COLUMNS");
            return using > 0 && tokens.isSymbol(using, '(') ? after(tokens, using, end) : function.next();
        }
        int filter = TokenNames.expect(tokens, i, "WITH", "ROW", "FILTER");
        if (filter > 0) {
            TokenNames.Read function = TokenNames.name(tokens, filter, end);
            if (function == null || !tokens.isWord(function.next(), "ON")
                    || !tokens.isSymbol(function.next() + 1, '(')) {
                return i;
            }
            return after(tokens, function.next() + 1, end);
        }
        if (TokenNames.expect(tokens, i, "CLUSTER", "BY") > 0
                && (tokens.isWord(i + 2, "AUTO") || tokens.isWord(i + 2, "NONE"))) {
            return i + 3;
        }
        if (TokenNames.expect(tokens, i, "SYNC", "METADATA") == end && tokens.isWord(first, "MSCK")
                || TokenNames.expect(tokens, i, "SYNC", "METADATA") == end && tokens.isWord(first, "REPAIR")) {
            return end;
        }
        if (tokens.isWord(i, "DELTA") && tokens.isWord(i - 1, "COMPUTE") && tokens.isWord(i + 1, "STATISTICS")) {
            return i + 1;
        }
        if (tokens.isWord(i, "WITH") && i > 0 && tokens.type(i - 1) == TokenType.STRING
                && tokens.isWord(i - 2, "LOCATION") && tokens.isSymbol(i + 1, '(')
                && tokens.isWord(i + 2, "CREDENTIAL")) {
            return after(tokens, i + 1, end);
        }
        return i;
    }

    /** The index after the {@code )} closing the {@code (} at {@code open}; {@code open} when it is unclosed. */
    private static int after(Tokens tokens, int open, int end) {
        int depth = 0;
        for (int i = open; i < end; i++) {
            if (tokens.isSymbol(i, '(')) {
                depth++;
            } else if (tokens.isSymbol(i, ')') && --depth == 0) {
                return i + 1;
            }
        }
        return open;
    }
}
