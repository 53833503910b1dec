package io.lakegov.sql.text;

/** Token classes of our own light SQL lexer, enough to split, redact and fingerprint without a grammar. */
public enum TokenType {
    WORD, QUOTED_IDENTIFIER, STRING, NUMBER, PARAMETER, SYMBOL
}
