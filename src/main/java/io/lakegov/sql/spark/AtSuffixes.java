package io.lakegov.sql.spark;

import java.util.HashMap;
import java.util.Map;

import io.lakegov.sql.TimeTravel;
import io.lakegov.sql.TimeTravelKind;
import io.lakegov.sql.TimeTravelSyntax;
import io.lakegov.sql.text.TokenType;
import io.lakegov.sql.text.Tokens;

/**
 * Databricks' {@code t@v12} and {@code t@20260101000000000} time-travel suffixes, which Spark's grammar does not
 * know. They are cut out of the text (replaced by spaces, so offsets stay put) and remembered by the offset where
 * the table name ends.
 */
public final class AtSuffixes {

    public final String text;
    public final Map<Integer, TimeTravel> byNameEnd;

    private AtSuffixes(String text, Map<Integer, TimeTravel> byNameEnd) {
        this.text = text;
        this.byNameEnd = byNameEnd;
    }

    /** Finds the suffixes among tokens {@code [first, end)}, whose text starts at {@code base}. */
    public static AtSuffixes cut(Tokens tokens, int first, int end, String text, int base) {
        Map<Integer, TimeTravel> found = Map.of();
        char[] chars = null;
        for (int i = first; i + 2 < end; i++) {
            if (!tokens.isSymbol(i + 1, '@') || tokens.spaceBefore(i + 1) || tokens.spaceBefore(i + 2)) {
                continue;
            }
            TokenType nameType = tokens.type(i);
            if (nameType != TokenType.WORD && nameType != TokenType.QUOTED_IDENTIFIER) {
                continue;
            }
            TimeTravel timeTravel = parse(tokens.text(i + 2));
            if (timeTravel == null) {
                continue;
            }
            if (chars == null) {
                chars = text.toCharArray();
                found = new HashMap<>();
            }
            for (int c = tokens.start(i + 1) - base; c < tokens.end(i + 2) - base; c++) {
                chars[c] = ' ';
            }
            found.put(tokens.end(i) - base, timeTravel);
        }
        return new AtSuffixes(chars == null ? text : new String(chars), found);
    }

    private static TimeTravel parse(String suffix) {
        if (suffix.length() > 1 && (suffix.charAt(0) == 'v' || suffix.charAt(0) == 'V') && digits(suffix, 1)) {
            return new TimeTravel(TimeTravelKind.VERSION, suffix.substring(1), TimeTravelSyntax.AT_SUFFIX);
        }
        if (suffix.length() >= 8 && digits(suffix, 0)) {
            return new TimeTravel(TimeTravelKind.TIMESTAMP, suffix, TimeTravelSyntax.AT_SUFFIX);
        }
        return null;
    }

    private static boolean digits(String text, int from) {
        for (int i = from; i < text.length(); i++) {
            if (!Character.isDigit(text.charAt(i))) {
                return false;
            }
        }
        return true;
    }
}
