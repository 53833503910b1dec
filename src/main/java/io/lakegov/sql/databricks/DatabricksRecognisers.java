package io.lakegov.sql.databricks;

import io.lakegov.sql.AccessRole;
import io.lakegov.sql.Deadline;
import io.lakegov.sql.StatementFacts;
import io.lakegov.sql.TableName;
import io.lakegov.sql.text.Literals;
import io.lakegov.sql.text.TokenNames;
import io.lakegov.sql.text.TokenType;
import io.lakegov.sql.text.Tokens;

/**
 * Databricks statements that neither Spark's nor Delta's grammar knows, read from our own tokens: GRANT and
 * REVOKE ({@link GrantRecognisers}), COPY INTO, USE CATALOG, tags, and ALTER/DROP/REFRESH/UNDROP/SYNC of tables,
 * streaming tables and materialized views. Shares and the other Unity Catalog objects are in
 * {@link GovernanceRecognisers}, notebook and maintenance commands in {@link CommandRecognisers}, pipeline
 * statements (streaming tables, materialized views, flows, AUTO CDC) are in {@link PipelineRecognisers}.
 * Each recogniser either understands the whole shape or returns null; none guesses.
 */
public final class DatabricksRecognisers {

    private DatabricksRecognisers() {
    }

    /**
     * Statements Spark's grammar would misread, so ours must go first: its SET and REFRESH swallow any text, and
     * it reads {@code DESCRIBE SHARE s} as a column of a table.
     */
    public static boolean takesPrecedence(Tokens tokens, int first, int end) {
        return (tokens.isWord(first, "SET") || tokens.isWord(first, "UNSET")) && tokens.isWord(first + 1, "TAG")
                || tokens.isWord(first, "REFRESH") && (tokens.isWord(first + 1, "MATERIALIZED")
                        || tokens.isWord(first + 1, "STREAMING") || tokens.isWord(first + 1, "FOREIGN"))
                || GovernanceRecognisers.takesPrecedence(tokens, first, end);
    }

    public static StatementFacts recognise(Tokens tokens, int first, int end, Deadline deadline) {
        if (tokens.isWord(first, "GRANT") || tokens.isWord(first, "REVOKE") || tokens.isWord(first, "DENY")) {
            return GrantRecognisers.grant(tokens, first, end);
        }
        if (tokens.isWord(first, "COPY") && tokens.isWord(first + 1, "INTO")) {
            return copyInto(tokens, first + 2, end);
        }
        if (tokens.isWord(first, "USE")) {
            return use(tokens, first + 1, end);
        }
        if (tokens.isWord(first, "SET") || tokens.isWord(first, "UNSET")) {
            return tag(tokens, first, end);
        }
        StatementFacts command = CommandRecognisers.recognise(tokens, first, end, deadline);
        if (command != null) {
            return command;
        }
        StatementFacts governance = GovernanceRecognisers.recognise(tokens, first, end);
        if (governance != null) {
            return governance;
        }
        if (tokens.isWord(first, "ALTER") || tokens.isWord(first, "DROP") || tokens.isWord(first, "REFRESH")
                || tokens.isWord(first, "UNDROP") || tokens.isWord(first, "SYNC") || tokens.isWord(first, "ANALYZE")) {
            return namedObject(tokens, first, end);
        }
        if (isCreateFunction(tokens, first)) {
            // A function body (SQL, Python, ...) reads its tables when called, not when defined.
            return new StatementFacts("CREATE_FUNCTION");
        }
        return PipelineRecognisers.recognise(tokens, first, end, deadline);
    }

    private static boolean isCreateFunction(Tokens tokens, int first) {
        int i = first + 1;
        if (!tokens.isWord(first, "CREATE")) {
            return false;
        }
        if (tokens.isWord(i, "OR") && tokens.isWord(i + 1, "REPLACE")) {
            i += 2;
        }
        if (tokens.isWord(i, "TEMPORARY") || tokens.isWord(i, "TEMP")) {
            i++;
        }
        return tokens.isWord(i, "FUNCTION");
    }

    private static StatementFacts copyInto(Tokens tokens, int at, int end) {
        TokenNames.Read target = TokenNames.target(tokens, at, end);
        int from = TokenNames.find(tokens, at, end, "FROM");
        if (target == null || from < 0) {
            return null;
        }
        StatementFacts facts = new StatementFacts("COPY_INTO");
        facts.add(target, AccessRole.WRITE);
        for (int i = from + 1; i < end; i++) {
            if (tokens.type(i) == TokenType.STRING) {
                facts.paths.add(Literals.unquote(tokens.text(i)));
                break;
            }
        }
        return facts;
    }

    private static StatementFacts use(Tokens tokens, int at, int end) {
        boolean catalog = tokens.isWord(at, "CATALOG");
        int nameAt = catalog || tokens.isWord(at, "SCHEMA") || tokens.isWord(at, "DATABASE")
                || tokens.isWord(at, "NAMESPACE") ? at + 1 : at;
        TokenNames.Read name = TokenNames.name(tokens, nameAt, end);
        if (name == null && nameAt < end && tokens.type(nameAt) == TokenType.STRING) {
            name = new TokenNames.Read(new TableName(java.util.List.of(Literals.unquote(tokens.text(nameAt)))),
                    nameAt + 1);
        }
        if (name == null || name.next() != end) {
            return null;
        }
        StatementFacts facts = new StatementFacts("USE");
        if (catalog) {
            facts.useCatalog(name.name().qualified());
        } else {
            facts.useSchema(name.name().parts());
        }
        return facts;
    }

    /** {@code SET TAG ON TABLE t ...} and {@code UNSET TAG ON COLUMN t.c ...}: the table's metadata changes. */
    private static StatementFacts tag(Tokens tokens, int first, int end) {
        int on = TokenNames.expect(tokens, first + 1, "TAG", "ON");
        if (on < 0) {
            return null;
        }
        boolean column = tokens.isWord(on, "COLUMN");
        if (!column && !tokens.isWord(on, "TABLE") && !tokens.isWord(on, "VIEW")) {
            return new StatementFacts("SET_TAG");
        }
        TokenNames.Read name = TokenNames.name(tokens, on + 1, end);
        if (name == null) {
            return null;
        }
        TableName table = name.name();
        if (column) {
            if (table.parts().size() < 2) {
                return null;
            }
            table = new TableName(table.parts().subList(0, table.parts().size() - 1));
        }
        StatementFacts facts = new StatementFacts("SET_TAG");
        facts.add(table, AccessRole.WRITE, null);
        return facts;
    }

    /**
     * ALTER, DROP, REFRESH, UNDROP or SYNC of a table, view, materialized view, streaming table or foreign table:
     * the object is written ({@code SYNC TABLE t FROM s} also reads {@code s}; a {@code REFERENCES p} in an ALTER
     * is a foreign key to {@code p}). {@code ANALYZE TABLE t ...} reads it.
     */
    private static StatementFacts namedObject(Tokens tokens, int first, int end) {
        int at = first + 1;
        String object;
        if (tokens.isWord(at, "TABLE") || tokens.isWord(at, "VIEW")) {
            object = tokens.isWord(at, "TABLE") ? "TABLE" : "VIEW";
            at++;
        } else if (TokenNames.expect(tokens, at, "MATERIALIZED", "VIEW") > 0
                || TokenNames.expect(tokens, at, "STREAMING", "TABLE") > 0
                || TokenNames.expect(tokens, at, "FOREIGN", "TABLE") > 0) {
            object = "TABLE";
            at += 2;
        } else {
            return null;
        }
        int ifExists = TokenNames.expect(tokens, at, "IF", "EXISTS");
        at = ifExists > 0 ? ifExists : at;
        String verb = tokens.text(first).toUpperCase(java.util.Locale.ROOT);
        if (verb.equals("UNDROP") && TokenNames.expect(tokens, at, "WITH", "ID") > 0) {
            // UNDROP TABLE WITH ID '...' names the table by its id only.
            return new StatementFacts("UNDROP");
        }
        TokenNames.Read name = TokenNames.target(tokens, at, end);
        if (name == null) {
            return null;
        }
        StatementFacts facts = new StatementFacts(switch (verb) {
            case "REFRESH", "UNDROP", "ANALYZE" -> verb;
            case "SYNC" -> "SYNC_TABLE";
            default -> verb + "_" + object;
        });
        facts.add(name, verb.equals("ANALYZE") ? AccessRole.READ : AccessRole.WRITE);
        if (verb.equals("SYNC") && tokens.isWord(name.next(), "FROM")) {
            TokenNames.Read source = TokenNames.name(tokens, name.next() + 1, end);
            if (source != null) {
                facts.add(source.name(), AccessRole.READ, null);
            }
        }
        if (verb.equals("ALTER")) {
            references(tokens, name.next(), end, facts);
        }
        return facts;
    }

    /**
     * Every {@code REFERENCES parent} in {@code [from, end)}: a foreign key to {@code parent}; a parent
     * {@code IDENTIFIER(<expression>)} marks the statement dynamic.
     */
    static void references(Tokens tokens, int from, int end, StatementFacts facts) {
        for (int i = from; i + 1 < end; i++) {
            if (tokens.isWord(i, "REFERENCES")) {
                TokenNames.Read parent = TokenNames.target(tokens, i + 1, end);
                if (parent != null) {
                    facts.add(parent, AccessRole.REFERENCE);
                }
            }
        }
    }
}
