package io.lakegov.sql.databricks;

import java.util.Locale;

import io.lakegov.sql.AccessRole;
import io.lakegov.sql.StatementFacts;
import io.lakegov.sql.text.TokenNames;
import io.lakegov.sql.text.Tokens;

/**
 * Privileges: {@code GRANT}, {@code REVOKE} and (table access control lists) {@code DENY} on a table or view report
 * it with role GRANT; on any other securable (schema, catalog, volume, function, share, metastore, any file, ...),
 * no table. {@code SHOW GRANTS ON t} reads the table's metadata; {@code CREATE POLICY ... ON TABLE t} governs it.
 */
final class GrantRecognisers {

    /** Securables that are not tables; those with no name after them ({@code METASTORE}) come with a null. */
    private static final String[][] OTHER_SECURABLES = {{"SCHEMA"}, {"DATABASE"}, {"CATALOG"}, {"VOLUME"},
        {"FUNCTION"}, {"PROCEDURE"}, {"EXTERNAL", "LOCATION"}, {"STORAGE", "CREDENTIAL"}, {"SERVICE", "CREDENTIAL"},
        {"CREDENTIAL"}, {"CONNECTION"}, {"SHARE"}, {"RECIPIENT"}, {"PROVIDER"}, {"REGISTERED", "MODEL"}, {"MODEL"},
        {"CLEAN", "ROOM"}, {"SERVER"}};

    private static final String[][] NAMELESS_SECURABLES = {{"METASTORE"}, {"ANY", "FILE"},
        {"ANONYMOUS", "FUNCTION"}};

    private static final String[][] TABLE_SECURABLES = {{"MATERIALIZED", "VIEW"}, {"STREAMING", "TABLE"},
        {"FOREIGN", "TABLE"}, {"TABLE"}, {"VIEW"}};

    private GrantRecognisers() {
    }

    static StatementFacts grant(Tokens tokens, int first, int end) {
        StatementFacts facts = new StatementFacts(tokens.text(first).toUpperCase(Locale.ROOT));
        int on = TokenNames.find(tokens, first + 1, end, "ON");
        if (on < 0) {
            return facts;
        }
        int at = on + 1;
        if (skip(tokens, at, NAMELESS_SECURABLES) > at) {
            return facts;
        }
        int other = skip(tokens, at, OTHER_SECURABLES);
        boolean table = other == at;
        at = table ? skip(tokens, at, TABLE_SECURABLES) : other;
        TokenNames.Read name = TokenNames.target(tokens, at, end);
        if (name == null) {
            return null;
        }
        int next = name.next();
        if (!tokens.isWord(next, "TO") && !tokens.isWord(next, "FROM")) {
            return null;
        }
        if (table) {
            facts.add(name, AccessRole.GRANT);
        }
        return facts;
    }

    /** The index after the first of {@code securables} that starts at {@code at}, or {@code at}. */
    private static int skip(Tokens tokens, int at, String[][] securables) {
        for (String[] securable : securables) {
            int next = TokenNames.expect(tokens, at, securable);
            if (next > 0) {
                return next;
            }
        }
        return at;
    }

    /** {@code SHOW GRANTS [principal] ON [TABLE|VIEW|...] name}: the table's metadata is read. */
    static StatementFacts showGrants(Tokens tokens, int at, int end) {
        StatementFacts facts = new StatementFacts("SHOW_GRANTS");
        int on = TokenNames.find(tokens, at, end, "ON");
        if (on < 0) {
            return facts;
        }
        int i = on + 1;
        if (tokens.isWord(i, "TABLE") || tokens.isWord(i, "VIEW")) {
            i++;
        } else if (TokenNames.expect(tokens, i, "MATERIALIZED", "VIEW") > 0
                || TokenNames.expect(tokens, i, "STREAMING", "TABLE") > 0
                || TokenNames.expect(tokens, i, "FOREIGN", "TABLE") > 0) {
            i += 2;
        } else if (GovernanceRecognisers.notTable(tokens, i) > 0 || tokens.isWord(i, "METASTORE")
                || tokens.isWord(i, "ANY")) {
            return facts;
        }
        TokenNames.Read table = TokenNames.target(tokens, i, end);
        if (table == null || table.next() != end) {
            return null;
        }
        facts.add(table, AccessRole.READ);
        return facts;
    }

    /** {@code CREATE POLICY p ON TABLE t ...} governs {@code t}; a policy on a schema or catalog names no table. */
    static StatementFacts policy(Tokens tokens, int at, int end) {
        StatementFacts facts = new StatementFacts("CREATE_POLICY");
        int on = TokenNames.find(tokens, at, end, "ON");
        if (on > 0 && tokens.isWord(on + 1, "TABLE")) {
            TokenNames.Read table = TokenNames.target(tokens, on + 2, end);
            if (table == null) {
                return null;
            }
            facts.add(table, AccessRole.GRANT);
        }
        return facts;
    }
}
