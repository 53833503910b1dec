package io.lakegov.sql.databricks;

import java.util.List;
import java.util.Locale;

import io.lakegov.sql.AccessRole;
import io.lakegov.sql.StatementFacts;
import io.lakegov.sql.TableName;
import io.lakegov.sql.text.TokenNames;
import io.lakegov.sql.text.Tokens;

/**
 * Unity Catalog and Delta Sharing statements: shares (what changes what a share exposes is read by
 * {@link ShareRecognisers}), and statements on objects that are never tables (recipients, providers, connections,
 * credentials, external locations, volumes, catalogs, schemas, groups, policies, clean rooms, models, functions,
 * procedures), which report no table. Privileges are in {@link GrantRecognisers}.
 */
final class GovernanceRecognisers {

    /** Objects that are not tables, by the words that name them after CREATE/ALTER/DROP/DESCRIBE/SHOW. */
    private static final String[][] NOT_TABLES = {{"SHARE"}, {"SHARES"}, {"RECIPIENT"}, {"RECIPIENTS"},
        {"PROVIDER"}, {"PROVIDERS"}, {"CONNECTION"}, {"CONNECTIONS"}, {"STORAGE", "CREDENTIAL"},
        {"STORAGE", "CREDENTIALS"}, {"SERVICE", "CREDENTIAL"}, {"CREDENTIAL"}, {"CREDENTIALS"},
        {"EXTERNAL", "LOCATION"}, {"EXTERNAL", "LOCATIONS"}, {"EXTERNAL", "VOLUME"}, {"VOLUME"}, {"VOLUMES"},
        {"FOREIGN", "CATALOG"}, {"FOREIGN", "SCHEMA"}, {"CATALOG"}, {"CATALOGS"}, {"SCHEMA"}, {"DATABASE"},
        {"GROUP"}, {"GROUPS"}, {"USERS"}, {"POLICY"}, {"POLICIES"}, {"CLEAN", "ROOM"}, {"CLEAN", "ROOMS"},
        {"REGISTERED", "MODEL"}, {"MODEL"}, {"SERVER"}, {"FUNCTION"}, {"PROCEDURE"}};

    private GovernanceRecognisers() {
    }

    /** Statements Spark's grammar would misread ({@code DESCRIBE SHARE s} as a column of table "share"). */
    static boolean takesPrecedence(Tokens tokens, int first, int end) {
        if (!tokens.isWord(first, "DESCRIBE") && !tokens.isWord(first, "DESC")) {
            return false;
        }
        int after = notTable(tokens, first + 1);
        return after > 0 && !tokens.isWord(first + 1, "SCHEMA") && !tokens.isWord(first + 1, "DATABASE")
                && !tokens.isWord(first + 1, "CATALOG") && !tokens.isWord(first + 1, "FUNCTION")
                && !tokens.isWord(first + 1, "PROCEDURE") && TokenNames.name(tokens, after, end) != null;
    }

    static StatementFacts recognise(Tokens tokens, int first, int end) {
        String verb = tokens.text(first).toUpperCase(Locale.ROOT);
        if (verb.equals("ALTER") && tokens.isWord(first + 1, "SHARE")) {
            return ShareRecognisers.alter(tokens, first + 2, end);
        }
        StatementFacts share = ShareRecognisers.dropOrReplace(tokens, first, end);
        if (share != null) {
            return share;
        }
        if (verb.equals("SHOW") && (tokens.isWord(first + 1, "GRANTS") || tokens.isWord(first + 1, "GRANT"))) {
            return GrantRecognisers.showGrants(tokens, first + 2, end);
        }
        if (verb.equals("COMMENT") && tokens.isWord(first + 1, "ON")) {
            return comment(tokens, first + 2, end);
        }
        if (verb.equals("SHOW") && TokenNames.expect(tokens, first + 1, "ALL", "IN", "SHARE") > 0) {
            return new StatementFacts("SHOW_SHARE");
        }
        if (!verb.equals("CREATE") && !verb.equals("ALTER") && !verb.equals("DROP") && !verb.equals("DESCRIBE")
                && !verb.equals("DESC") && !verb.equals("SHOW") && !verb.equals("REFRESH")
                && !verb.equals("UNDROP")) {
            return null;
        }
        int at = first + 1;
        if (TokenNames.expect(tokens, at, "OR", "REPLACE") > 0) {
            at += 2;
        }
        if (verb.equals("CREATE") && tokens.isWord(at, "POLICY")) {
            return GrantRecognisers.policy(tokens, at + 1, end);
        }
        String[] object = notTableWords(tokens, at);
        if (object == null) {
            return null;
        }
        return new StatementFacts((verb.equals("DESC") ? "DESCRIBE" : verb) + "_" + String.join("_", object));
    }

    /** The index after the words naming an object that is not a table at {@code at}, or -1. */
    static int notTable(Tokens tokens, int at) {
        String[] words = notTableWords(tokens, at);
        return words == null ? -1 : at + words.length;
    }

    private static String[] notTableWords(Tokens tokens, int at) {
        for (String[] words : NOT_TABLES) {
            if (TokenNames.expect(tokens, at, words) > 0) {
                return words;
            }
        }
        return null;
    }

    /**
     * {@code COMMENT ON COLUMN t.c IS ...} changes the definition of {@code t} (written); a comment on a share,
     * catalog, volume, connection and the like names no table. Spark's grammar reads {@code COMMENT ON TABLE}.
     */
    private static StatementFacts comment(Tokens tokens, int at, int end) {
        if (tokens.isWord(at, "COLUMN")) {
            TokenNames.Read column = TokenNames.name(tokens, at + 1, end);
            if (column == null || column.name().parts().size() < 2 || !tokens.isWord(column.next(), "IS")) {
                return null;
            }
            List<String> parts = column.name().parts();
            StatementFacts facts = new StatementFacts("COMMENT");
            facts.add(new TableName(parts.subList(0, parts.size() - 1)), AccessRole.WRITE, null);
            return facts;
        }
        return notTable(tokens, at) > 0 ? new StatementFacts("COMMENT") : null;
    }

}
