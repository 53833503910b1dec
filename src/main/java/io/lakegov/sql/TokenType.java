package io.lakegov.sql;

/** Token classes of our own light SQL lexer, enough to split, redact and fingerprint without a grammar. */
enum TokenType {
    WORD, QUOTED_IDENTIFIER, STRING, NUMBER, PARAMETER, SYMBOL
}
