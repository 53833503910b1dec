package io.lakegov.sql.text;

import java.util.Locale;

/**
 * Redacted text and shape fingerprint, both computed from our own tokens so that they never depend on a
 * grammar accepting the text. Literals become {@code ?}; comments and extra whitespace disappear.
 */
public final class Redaction {

    private static final long FNV_OFFSET = 0xcbf29ce484222325L;
    private static final long FNV_PRIME = 0x100000001b3L;

    private Redaction() {
    }

    public static String redact(Tokens tokens) {
        StringBuilder out = new StringBuilder(tokens.source.length());
        for (int i = 0; i < tokens.size(); i++) {
            if (i > 0 && tokens.spaceBefore(i)) {
                out.append(' ');
            }
            if (isLiteral(tokens.type(i))) {
                out.append('?');
            } else {
                out.append(tokens.source, tokens.start(i), tokens.end(i));
            }
        }
        return out.toString();
    }

    /**
     * A 64-bit FNV-1a hash over the normalised tokens: literals and parameters as {@code ?}, words and quoted
     * names lower-cased, lists of literals inside {@code IN (...)} collapsed to one {@code ?}.
     */
    public static String fingerprint(Tokens tokens) {
        long hash = FNV_OFFSET;
        int i = 0;
        while (i < tokens.size()) {
            int collapsedEnd = collapsedInList(tokens, i);
            if (collapsedEnd > 0) {
                hash = mix(hash, "in ( ? )");
                i = collapsedEnd;
                continue;
            }
            TokenType type = tokens.type(i);
            if (isLiteral(type) || type == TokenType.PARAMETER) {
                hash = mix(hash, "?");
            } else if (type == TokenType.SYMBOL) {
                hash = mix(hash, tokens.text(i));
            } else {
                hash = mix(hash, tokens.text(i).toLowerCase(Locale.ROOT));
            }
            i++;
        }
        return String.format("%016x", hash);
    }

    /** If an {@code IN (lit, lit, ...)} starts at {@code i}, the index after its closing parenthesis, else 0. */
    private static int collapsedInList(Tokens tokens, int i) {
        if (!tokens.isWord(i, "IN") || !tokens.isSymbol(i + 1, '(')) {
            return 0;
        }
        int j = i + 2;
        while (j < tokens.size()) {
            TokenType type = tokens.type(j);
            if (!isLiteral(type) && type != TokenType.PARAMETER) {
                if (tokens.isSymbol(j, '-') && j + 1 < tokens.size() && tokens.type(j + 1) == TokenType.NUMBER) {
                    j++;
                    continue;
                }
                return 0;
            }
            j++;
            if (tokens.isSymbol(j, ')')) {
                return j + 1;
            }
            if (!tokens.isSymbol(j, ',')) {
                return 0;
            }
            j++;
        }
        return 0;
    }

    private static long mix(long hash, String token) {
        long h = hash;
        for (int k = 0; k < token.length(); k++) {
            h ^= token.charAt(k);
            h *= FNV_PRIME;
        }
        h ^= ' ';
        return h * FNV_PRIME;
    }

    private static boolean isLiteral(TokenType type) {
        return type == TokenType.STRING || type == TokenType.NUMBER;
    }
}
