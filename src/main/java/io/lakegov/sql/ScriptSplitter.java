package io.lakegov.sql;

import java.util.ArrayList;
import java.util.List;

import io.lakegov.sql.text.Tokens;

/**
 * Splits a tokenised text into statements at top-level semicolons. Semicolons inside strings, comments and
 * bodies never reach here as symbols (the lexer swallowed them); those inside {@code BEGIN ... END} compound
 * blocks are kept with their block.
 */
final class ScriptSplitter {

    /** A statement as a range of token indexes, end exclusive. */
    record Piece(int firstToken, int endToken) {
    }

    private ScriptSplitter() {
    }

    static List<Piece> split(Tokens tokens) {
        List<Piece> pieces = new ArrayList<>();
        int start = 0;
        int blockDepth = 0;
        for (int i = 0; i < tokens.size(); i++) {
            if (tokens.isSymbol(i, ';') && blockDepth == 0) {
                if (i > start) {
                    pieces.add(new Piece(start, i));
                }
                start = i + 1;
            } else if (opensBlock(tokens, i, start, blockDepth)) {
                blockDepth++;
            } else if (tokens.isWord(i, "END") && blockDepth > 0 && !closesStatementKeyword(tokens, i + 1)) {
                blockDepth--;
            }
        }
        if (start < tokens.size()) {
            pieces.add(new Piece(start, tokens.size()));
        }
        return pieces;
    }

    private static boolean opensBlock(Tokens tokens, int i, int statementStart, int blockDepth) {
        if (tokens.isWord(i, "CASE")) {
            return true;
        }
        if (!tokens.isWord(i, "BEGIN")) {
            return false;
        }
        // A BEGIN opens a compound block at the start of a statement, after a label, or anywhere inside a block.
        return blockDepth > 0 || i == statementStart || tokens.isSymbol(i - 1, ':');
    }

    /** {@code END IF}, {@code END WHILE}, ... close constructs we do not count; plain {@code END} closes a block. */
    private static boolean closesStatementKeyword(Tokens tokens, int next) {
        return tokens.isWord(next, "IF") || tokens.isWord(next, "WHILE") || tokens.isWord(next, "LOOP")
                || tokens.isWord(next, "FOR") || tokens.isWord(next, "REPEAT");
    }
}
