package io.lakegov.sql.databricks;

import java.util.BitSet;

import io.lakegov.sql.text.TokenNames;
import io.lakegov.sql.text.Tokens;

/**
 * The words of Databricks key constraints in CREATE and REPLACE TABLE that Spark's grammar lacks, none of which
 * names a table: the {@code FOREIGN KEY} of a column's foreign key ({@code c BIGINT FOREIGN KEY REFERENCES p};
 * Spark only knows {@code c BIGINT REFERENCES p}), and the constraint options Spark does not know
 * ({@code DEFERRABLE}, {@code INITIALLY DEFERRED}, {@code ENABLE NOVALIDATE}, {@code MATCH FULL},
 * {@code ON UPDATE NO ACTION}, {@code ON DELETE NO ACTION}) after a {@code PRIMARY KEY} or a
 * {@code REFERENCES p [(columns)]}. With them blanked, Spark's grammar reads the rest and records every parent
 * as a reference.
 */
final class KeyConstraintClauses {

    /** The constraint options Spark's grammar reads. */
    private static final String[][] KNOWN = {{"NOT", "ENFORCED"}, {"ENFORCED"}, {"RELY"}, {"NORELY"}};

    /** The constraint and foreign key options only Databricks reads. */
    private static final String[][] DATABRICKS_ONLY = {{"DEFERRABLE"}, {"INITIALLY", "DEFERRED"},
        {"ENABLE", "NOVALIDATE"}, {"MATCH", "FULL"}, {"ON", "UPDATE", "NO", "ACTION"},
        {"ON", "DELETE", "NO", "ACTION"}};

    private KeyConstraintClauses() {
    }

    /** The tokens of {@code [first, end)} to blank; none unless the statement creates or replaces a table. */
    static BitSet databricksOnly(Tokens tokens, int first, int end) {
        BitSet blanked = new BitSet();
        if (!tokens.isWord(first, "CREATE") && !tokens.isWord(first, "REPLACE")) {
            return blanked;
        }
        for (int i = first; i < end; i++) {
            if (tokens.isWord(i, "FOREIGN") && tokens.isWord(i + 1, "KEY") && i + 2 < end
                    && tokens.isWord(i + 2, "REFERENCES")) {
                blanked.set(i, i + 2);
                i++;
                continue;
            }
            int key = keyEnd(tokens, i, end);
            if (key > i) {
                i = options(tokens, key, end, blanked) - 1;
            }
        }
        return blanked;
    }

    /** The index after {@code REFERENCES p [(columns)]} or {@code PRIMARY KEY [(columns)]} at {@code i}, or i. */
    private static int keyEnd(Tokens tokens, int i, int end) {
        if (tokens.isWord(i, "REFERENCES")) {
            TokenNames.Read parent = TokenNames.target(tokens, i + 1, end);
            return parent == null ? i : afterColumns(tokens, parent.next(), end);
        }
        if (tokens.isWord(i, "PRIMARY") && tokens.isWord(i + 1, "KEY") && i + 1 < end) {
            return afterColumns(tokens, i + 2, end);
        }
        return i;
    }

    /** The index after a column list {@code (a, b)} at {@code i}; {@code i} when there is none. */
    private static int afterColumns(Tokens tokens, int i, int end) {
        if (i >= end || !tokens.isSymbol(i, '(')) {
            return i;
        }
        for (int j = i + 1; j < end; j++) {
            if (tokens.isSymbol(j, ')')) {
                return j + 1;
            }
            if (tokens.isSymbol(j, '(')) {
                return i;
            }
        }
        return i;
    }

    /** Reads the constraint options at {@code i}, marks those Spark lacks, and returns the index after them. */
    private static int options(Tokens tokens, int i, int end, BitSet blanked) {
        int j = i;
        while (true) {
            int known = after(tokens, j, KNOWN);
            int databricks = after(tokens, j, DATABRICKS_ONLY);
            if (known > j && known <= end) {
                j = known;
            } else if (databricks > j && databricks <= end) {
                blanked.set(j, databricks);
                j = databricks;
            } else {
                return j;
            }
        }
    }

    /** The index after the first of {@code options} that follows at {@code i}, or {@code i}. */
    private static int after(Tokens tokens, int i, String[][] options) {
        for (String[] option : options) {
            int next = TokenNames.expect(tokens, i, option);
            if (next > 0) {
                return next;
            }
        }
        return i;
    }
}
