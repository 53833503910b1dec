package io.lakegov.sql.text;

/**
 * A small, fast lexer of our own for Spark/Databricks SQL. It does not depend on any grammar, so statements
 * neither grammar understands still get split, redacted and fingerprinted. It understands quoted strings with
 * backslash escapes, raw strings ({@code r'...'}), backtick identifiers, {@code $$...$$} bodies, nested block
 * comments, numbers with exponents and type suffixes, hex literals and parameter markers.
 */
public final class SqlLexer {

    /** Why a text could not be tokenised. */
    public static final class UntokenizableException extends RuntimeException {
        UntokenizableException(String message) {
            super(message, null, false, false);
        }
    }

    private static final String[] OPERATORS = {"<=>", "<=", ">=", "<>", "!=", "==", "||", "::", "->", "=>", "|>",
        "<<", ">>", "&&"};

    private SqlLexer() {
    }

    public static Tokens tokenize(String sql) {
        Tokens tokens = new Tokens(sql);
        int n = sql.length();
        int i = 0;
        int depth = 0;
        boolean space = false;
        while (i < n) {
            char c = sql.charAt(i);
            if (Character.isWhitespace(c)) {
                space = true;
                i++;
                continue;
            }
            if (c == '-' && i + 1 < n && sql.charAt(i + 1) == '-') {
                while (i < n && sql.charAt(i) != '\n' && sql.charAt(i) != '\r') {
                    i++;
                }
                space = true;
                continue;
            }
            if (c == '/' && i + 1 < n && sql.charAt(i + 1) == '*') {
                i = skipBlockComment(sql, i);
                space = true;
                continue;
            }
            int start = i;
            if (c == '\'' || c == '"') {
                i = skipQuoted(sql, i, c, true);
                tokens.add(TokenType.STRING, start, i, space);
            } else if (c == '`') {
                i = skipBacktick(sql, i);
                tokens.add(TokenType.QUOTED_IDENTIFIER, start, i, space);
            } else if (c == '$' && i + 1 < n && (sql.charAt(i + 1) == '$' || Character.isLetter(sql.charAt(i + 1)))
                    && dollarTagEnd(sql, i) > 0) {
                i = skipDollarBody(sql, i);
                tokens.add(TokenType.STRING, start, i, space);
            } else if (isWordChar(c) || (c == '.' && i + 1 < n && isDigit(sql.charAt(i + 1))
                    && !afterNameLike(tokens, space))) {
                i = word(sql, i, tokens, space);
            } else if (c == '?') {
                i++;
                tokens.add(TokenType.PARAMETER, start, i, space);
            } else if (c == ':' && i + 1 < n && isIdentStart(sql.charAt(i + 1)) && (space || !afterNameLike(tokens, space))) {
                i++;
                while (i < n && isWordChar(sql.charAt(i))) {
                    i++;
                }
                tokens.add(TokenType.PARAMETER, start, i, space);
            } else {
                i = symbol(sql, i);
                if (c == '(') {
                    depth++;
                    tokens.maxDepth = Math.max(tokens.maxDepth, depth);
                } else if (c == ')') {
                    depth--;
                }
                tokens.add(TokenType.SYMBOL, start, i, space);
            }
            space = false;
        }
        return tokens;
    }

    /** Whether the previous token ends a name or expression, so that {@code :x} or {@code .5} belong to it. */
    private static boolean afterNameLike(Tokens tokens, boolean space) {
        int last = tokens.size() - 1;
        if (space || last < 0) {
            return false;
        }
        TokenType type = tokens.type(last);
        return type == TokenType.WORD || type == TokenType.QUOTED_IDENTIFIER || type == TokenType.NUMBER
                || tokens.isSymbol(last, ')') || tokens.isSymbol(last, ']');
    }

    private static int word(String sql, int i, Tokens tokens, boolean space) {
        int n = sql.length();
        int start = i;
        char first = sql.charAt(i);
        // A raw string r'...' or a hex/binary literal X'..' is one literal, not a word and a string.
        if ((first == 'r' || first == 'R' || first == 'x' || first == 'X') && i + 1 < n
                && (sql.charAt(i + 1) == '\'' || sql.charAt(i + 1) == '"')) {
            boolean raw = first == 'r' || first == 'R';
            int end = skipQuoted(sql, i + 1, sql.charAt(i + 1), !raw);
            tokens.add(TokenType.STRING, start, end, space);
            return end;
        }
        if (isDigit(first) || first == '.') {
            int end = number(sql, i);
            if (end > i && (end >= n || !isWordChar(sql.charAt(end)))) {
                tokens.add(TokenType.NUMBER, start, end, space);
                return end;
            }
        }
        while (i < n && isWordChar(sql.charAt(i))) {
            i++;
        }
        if (i == start) {
            i++;
        }
        tokens.add(TokenType.WORD, start, i, space);
        return i;
    }

    /** End of a numeric literal starting at {@code i}, or {@code i} when there is none. */
    private static int number(String sql, int i) {
        int n = sql.length();
        int j = i;
        while (j < n && isDigit(sql.charAt(j))) {
            j++;
        }
        if (j < n && sql.charAt(j) == '.' && (j + 1 >= n || !Character.isLetter(sql.charAt(j + 1))
                || isExponent(sql, j + 1))) {
            j++;
            while (j < n && isDigit(sql.charAt(j))) {
                j++;
            }
        }
        if (j == i || (j == i + 1 && sql.charAt(i) == '.')) {
            return i;
        }
        if (isExponent(sql, j)) {
            j++;
            if (j < n && (sql.charAt(j) == '+' || sql.charAt(j) == '-')) {
                j++;
            }
            while (j < n && isDigit(sql.charAt(j))) {
                j++;
            }
        }
        if (j + 1 < n && (sql.charAt(j) == 'B' || sql.charAt(j) == 'b')
                && (sql.charAt(j + 1) == 'D' || sql.charAt(j + 1) == 'd')) {
            return j + 2;
        }
        if (j < n && "LlSsYyDdFf".indexOf(sql.charAt(j)) >= 0) {
            return j + 1;
        }
        return j;
    }

    private static boolean isExponent(String sql, int j) {
        int n = sql.length();
        if (j >= n || (sql.charAt(j) != 'e' && sql.charAt(j) != 'E')) {
            return false;
        }
        int k = j + 1;
        if (k < n && (sql.charAt(k) == '+' || sql.charAt(k) == '-')) {
            k++;
        }
        return k < n && isDigit(sql.charAt(k));
    }

    private static int symbol(String sql, int i) {
        for (String operator : OPERATORS) {
            if (sql.startsWith(operator, i)) {
                return i + operator.length();
            }
        }
        return i + 1;
    }

    private static int skipQuoted(String sql, int i, char quote, boolean escapes) {
        int n = sql.length();
        int j = i + 1;
        while (j < n) {
            char c = sql.charAt(j);
            if (escapes && c == '\\') {
                j += 2;
            } else if (c == quote) {
                if (j + 1 < n && sql.charAt(j + 1) == quote) {
                    j += 2;
                } else {
                    return j + 1;
                }
            } else {
                j++;
            }
        }
        throw new UntokenizableException("unterminated string literal at offset " + i);
    }

    private static int skipBacktick(String sql, int i) {
        int n = sql.length();
        int j = i + 1;
        while (j < n) {
            if (sql.charAt(j) == '`') {
                if (j + 1 < n && sql.charAt(j + 1) == '`') {
                    j += 2;
                } else {
                    return j + 1;
                }
            } else {
                j++;
            }
        }
        throw new UntokenizableException("unterminated quoted identifier at offset " + i);
    }

    private static int skipBlockComment(String sql, int i) {
        int n = sql.length();
        int nesting = 0;
        int j = i;
        while (j < n) {
            if (sql.startsWith("/*", j)) {
                nesting++;
                j += 2;
            } else if (sql.startsWith("*/", j)) {
                nesting--;
                j += 2;
                if (nesting == 0) {
                    return j;
                }
            } else {
                j++;
            }
        }
        throw new UntokenizableException("unterminated comment at offset " + i);
    }

    /** End of the opening tag {@code $tag$}, or -1 when this is no dollar-quoted body. */
    private static int dollarTagEnd(String sql, int i) {
        int j = i + 1;
        while (j < sql.length() && isWordChar(sql.charAt(j))) {
            j++;
        }
        return j < sql.length() && sql.charAt(j) == '$' ? j + 1 : -1;
    }

    private static int skipDollarBody(String sql, int i) {
        int tagEnd = dollarTagEnd(sql, i);
        String tag = sql.substring(i, tagEnd);
        int close = sql.indexOf(tag, tagEnd);
        if (close < 0) {
            throw new UntokenizableException("unterminated $$ body at offset " + i);
        }
        return close + tag.length();
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static boolean isIdentStart(char c) {
        return Character.isLetter(c) || c == '_';
    }

    static boolean isWordChar(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_'
                || (c > 127 && Character.isLetterOrDigit(c));
    }
}
