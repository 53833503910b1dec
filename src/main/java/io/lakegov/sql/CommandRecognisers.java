package io.lakegov.sql;

/**
 * Notebook and maintenance commands: {@code LIST 'path'} (a path), {@code CACHE SELECT ...} (reads what the query
 * reads), {@code CREATE WIDGET} and {@code REMOVE WIDGET} (no table; a dropdown's {@code CHOICES} query is read),
 * {@code FSCK REPAIR TABLE t} and {@code CREATE | DROP BLOOMFILTER INDEX ON [TABLE] t} (write {@code t}),
 * {@code SHOW TABLES DROPPED} (no table).
 */
final class CommandRecognisers {

    private CommandRecognisers() {
    }

    static StatementFacts recognise(Tokens tokens, int first, int end, Deadline deadline) {
        if (TokenNames.expect(tokens, first, "SHOW", "TABLES", "DROPPED") > 0) {
            return new StatementFacts("SHOW_TABLES_DROPPED");
        }
        if (tokens.isWord(first, "LIST") && first + 1 < end && tokens.type(first + 1) == TokenType.STRING) {
            StatementFacts facts = new StatementFacts("LIST");
            facts.paths.add(Literals.unquote(tokens.text(first + 1)));
            return facts;
        }
        if (tokens.isWord(first, "CACHE") && (tokens.isWord(first + 1, "SELECT") || tokens.isWord(first + 1, "WITH"))) {
            StatementFacts facts = new StatementFacts("CACHE_SELECT");
            return SparkSubStatement.walkInto(tokens, first + 1, end, facts, deadline) ? facts : null;
        }
        if (TokenNames.expect(tokens, first, "CREATE", "WIDGET") > 0) {
            StatementFacts facts = new StatementFacts("CREATE_WIDGET");
            int choices = TokenNames.find(tokens, first + 2, end, "CHOICES");
            if (choices > 0 && (tokens.isWord(choices + 1, "SELECT") || tokens.isWord(choices + 1, "WITH"))) {
                return SparkSubStatement.walkInto(tokens, choices + 1, end, facts, deadline) ? facts : null;
            }
            return facts;
        }
        if (TokenNames.expect(tokens, first, "REMOVE", "WIDGET") > 0) {
            return new StatementFacts("REMOVE_WIDGET");
        }
        int fsck = TokenNames.expect(tokens, first, "FSCK", "REPAIR", "TABLE");
        if (fsck > 0) {
            return written(tokens, fsck, end, "FSCK");
        }
        int index = TokenNames.expect(tokens, first + 1, "BLOOMFILTER", "INDEX", "ON");
        if (index > 0 && (tokens.isWord(first, "CREATE") || tokens.isWord(first, "DROP"))) {
            return written(tokens, tokens.isWord(index, "TABLE") ? index + 1 : index, end,
                    tokens.isWord(first, "CREATE") ? "CREATE_INDEX" : "DROP_INDEX");
        }
        return null;
    }

    private static StatementFacts written(Tokens tokens, int at, int end, String kind) {
        TokenNames.Read table = TokenNames.target(tokens, at, end);
        if (table == null) {
            return null;
        }
        StatementFacts facts = new StatementFacts(kind);
        facts.add(table, AccessRole.WRITE);
        return facts;
    }
}
