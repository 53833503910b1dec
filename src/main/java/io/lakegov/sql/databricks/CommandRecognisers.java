package io.lakegov.sql.databricks;

import java.util.List;
import java.util.Locale;

import io.lakegov.sql.AccessRole;
import io.lakegov.sql.Deadline;
import io.lakegov.sql.StatementFacts;
import io.lakegov.sql.TableName;
import io.lakegov.sql.spark.SparkSubStatement;
import io.lakegov.sql.text.Literals;
import io.lakegov.sql.text.TokenNames;
import io.lakegov.sql.text.TokenType;
import io.lakegov.sql.text.Tokens;

/**
 * Notebook and maintenance commands: {@code LIST 'path'} (a path), {@code CACHE SELECT ...} (reads what the query
 * reads), {@code CREATE WIDGET} and {@code REMOVE WIDGET} (no table; a dropdown's {@code CHOICES} query is read),
 * {@code FSCK REPAIR TABLE t} and {@code CREATE | DROP BLOOMFILTER INDEX ON [TABLE] t} (write {@code t}),
 * {@code SHOW TABLES DROPPED} (no table), and {@code DESCRIBE HISTORY|DETAIL} forms Delta's grammar refuses.
 */
public final class CommandRecognisers {

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

    /**
     * {@code DESCRIBE HISTORY|DETAIL t [LIMIT n]} that Delta's grammar refused, such as one naming its table with
     * {@code IDENTIFIER(:p)} or limited by a parameter: reads {@code t}, or is dynamic.
     */
    public static StatementFacts describeDelta(Tokens tokens, int first, int end) {
        int at = first + 2;
        StatementFacts facts = new StatementFacts("DESCRIBE_" + tokens.text(first + 1).toUpperCase(Locale.ROOT));
        int next;
        if (tokens.type(at) == TokenType.STRING) {
            String path = Literals.stringValue(tokens.text(at));
            if (path == null || path.isEmpty()) {
                return null;
            }
            facts.add(new TableName(List.of("delta", path)), AccessRole.READ, null);
            next = at + 1;
        } else {
            TokenNames.Read table = TokenNames.target(tokens, at, end);
            if (table == null) {
                return null;
            }
            facts.add(table, AccessRole.READ);
            next = table.next();
        }
        if (tokens.isWord(next, "LIMIT") && next + 2 == end
                && (tokens.type(next + 1) == TokenType.NUMBER || tokens.type(next + 1) == TokenType.PARAMETER)) {
            next = end;
        }
        return next == end ? facts : null;
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
