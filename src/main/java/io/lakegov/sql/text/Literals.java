package io.lakegov.sql.text;

import java.util.Locale;

/** Reading literal values and expressions back from statement text with our own lexer. */
public final class Literals {

    private Literals() {
    }

    /** The value of one or more adjacent string literals ({@code 'a' 'b'}), or null when the text is not that. */
    public static String stringValue(String text) {
        Tokens tokens;
        try {
            tokens = SqlLexer.tokenize(text);
        } catch (SqlLexer.UntokenizableException e) {
            return null;
        }
        if (tokens.size() == 0) {
            return null;
        }
        StringBuilder value = new StringBuilder();
        for (int i = 0; i < tokens.size(); i++) {
            if (tokens.type(i) != TokenType.STRING) {
                return null;
            }
            value.append(unquote(tokens.text(i)));
        }
        return value.toString();
    }

    /** The text of an integer literal, or null. */
    public static String integerValue(String text) {
        String trimmed = text.strip();
        if (trimmed.isEmpty()) {
            return null;
        }
        for (int i = 0; i < trimmed.length(); i++) {
            if (!Character.isDigit(trimmed.charAt(i))) {
                return null;
            }
        }
        return trimmed;
    }

    /** An expression as normalised text: words lower-case, one space where the original had any. */
    public static String normalisedExpression(String text) {
        Tokens tokens;
        try {
            tokens = SqlLexer.tokenize(text);
        } catch (SqlLexer.UntokenizableException e) {
            return text.strip();
        }
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < tokens.size(); i++) {
            if (i > 0 && tokens.spaceBefore(i)) {
                out.append(' ');
            }
            TokenType type = tokens.type(i);
            String token = tokens.text(i);
            out.append(type == TokenType.WORD ? token.toLowerCase(Locale.ROOT) : token);
        }
        return out.toString();
    }

    /** Removes the quotes of a string literal token and resolves its escapes. */
    public static String unquote(String literal) {
        boolean raw = literal.charAt(0) == 'r' || literal.charAt(0) == 'R';
        if (literal.startsWith("$")) {
            int tagEnd = literal.indexOf('$', 1) + 1;
            return literal.substring(tagEnd, literal.length() - tagEnd);
        }
        int offset = raw || literal.charAt(0) == 'x' || literal.charAt(0) == 'X' ? 1 : 0;
        char quote = literal.charAt(offset);
        String body = literal.substring(offset + 1, literal.length() - 1);
        if (raw) {
            return body;
        }
        StringBuilder out = new StringBuilder(body.length());
        for (int i = 0; i < body.length(); i++) {
            char c = body.charAt(i);
            if (c == '\\' && i + 1 < body.length()) {
                char next = body.charAt(++i);
                out.append(switch (next) {
                    case 'n' -> '\n';
                    case 't' -> '\t';
                    case 'r' -> '\r';
                    case '0' -> '\0';
                    default -> next;
                });
            } else if (c == quote && i + 1 < body.length() && body.charAt(i + 1) == quote) {
                out.append(quote);
                i++;
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }
}
