package io.lakegov.sql.spark;

import io.lakegov.sql.text.Tokens;

/**
 * A cheap look at the first keywords to decide whether Delta's grammar could know a statement, so that the
 * common statements go straight to Spark's grammar.
 */
public final class DeltaCommands {

    private DeltaCommands() {
    }

    public static boolean isCandidate(Tokens tokens, int first, int end) {
        if (tokens.isWord(first, "OPTIMIZE") || tokens.isWord(first, "VACUUM") || tokens.isWord(first, "RESTORE")
                || tokens.isWord(first, "CONVERT") || tokens.isWord(first, "REORG")
                || tokens.isWord(first, "GENERATE")) {
            return true;
        }
        if (tokens.isWord(first, "DESC") || tokens.isWord(first, "DESCRIBE")) {
            return tokens.isWord(first + 1, "HISTORY") || tokens.isWord(first + 1, "DETAIL");
        }
        if (tokens.isWord(first, "CREATE") || tokens.isWord(first, "REPLACE")) {
            return contains(tokens, first, end, "CLONE");
        }
        if (tokens.isWord(first, "ALTER")) {
            return contains(tokens, first, end, "FEATURE") || contains(tokens, first, end, "SYNC");
        }
        return false;
    }

    /** {@code DESCRIBE HISTORY|DETAIL} followed by something: a Delta command, never a table "history". */
    public static boolean isDescribe(Tokens tokens, int first, int end) {
        return (tokens.isWord(first, "DESC") || tokens.isWord(first, "DESCRIBE"))
                && (tokens.isWord(first + 1, "HISTORY") || tokens.isWord(first + 1, "DETAIL")) && first + 2 < end
                && !tokens.isSymbol(first + 2, '.');
    }

    /**
     * Delta's open-source grammar knows only SHALLOW clones; Databricks also has DEEP ones and a bare CLONE,
     * which read and write the same tables. They are rewritten to SHALLOW so the grammar can read the rest.
     */
    public static String asShallowClone(Tokens tokens, int first, int end, String text) {
        for (int i = first + 1; i < end; i++) {
            if (tokens.isWord(i, "CLONE") && !tokens.isWord(i - 1, "SHALLOW")) {
                int base = tokens.start(first);
                int from = tokens.isWord(i - 1, "DEEP") ? tokens.start(i - 1) - base : tokens.start(i) - base;
                return text.substring(0, from) + "SHALLOW CLONE" + text.substring(tokens.end(i) - base);
            }
        }
        return text;
    }

    private static boolean contains(Tokens tokens, int first, int end, String word) {
        for (int i = first; i < end; i++) {
            if (tokens.isWord(i, word)) {
                return true;
            }
        }
        return false;
    }
}
