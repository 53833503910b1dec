package io.lakegov.sql;

/**
 * Databricks statements that neither Spark's nor Delta's grammar knows, read from our own tokens: GRANT and
 * REVOKE, COPY INTO, USE CATALOG, tags, and ALTER/DROP/REFRESH of streaming tables and materialized views.
 * Pipeline statements (streaming tables, materialized views, flows, AUTO CDC) are in {@link PipelineRecognisers}.
 * Each recogniser either understands the whole shape or returns null; none guesses.
 */
final class DatabricksRecognisers {

    private DatabricksRecognisers() {
    }

    /** Statements Spark's grammar would misread (its SET swallows any text), so ours must go first. */
    static boolean takesPrecedence(Tokens tokens, int first) {
        return (tokens.isWord(first, "SET") || tokens.isWord(first, "UNSET")) && tokens.isWord(first + 1, "TAG");
    }

    static StatementFacts recognise(Tokens tokens, int first, int end, Deadline deadline) {
        if (tokens.isWord(first, "GRANT") || tokens.isWord(first, "REVOKE")) {
            return grant(tokens, first, end);
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
        if (tokens.isWord(first, "ALTER") || tokens.isWord(first, "DROP") || tokens.isWord(first, "REFRESH")) {
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

    private static StatementFacts grant(Tokens tokens, int first, int end) {
        StatementFacts facts = new StatementFacts(tokens.text(first).toUpperCase(java.util.Locale.ROOT));
        int on = TokenNames.find(tokens, first + 1, end, "ON");
        if (on < 0) {
            return facts;
        }
        int at = on + 1;
        boolean table = true;
        int skipped = skipSecurable(tokens, at);
        if (skipped > at) {
            table = isTableSecurable(tokens, at);
            at = skipped;
        }
        TokenNames.Read name = TokenNames.name(tokens, at, end);
        if (name == null) {
            return null;
        }
        int next = name.next();
        if (!tokens.isWord(next, "TO") && !tokens.isWord(next, "FROM")) {
            return null;
        }
        if (table) {
            facts.add(name.name(), AccessRole.GRANT, null);
        }
        return facts;
    }

    private static int skipSecurable(Tokens tokens, int at) {
        for (String[] securable : new String[][] {{"MATERIALIZED", "VIEW"}, {"STREAMING", "TABLE"}, {"TABLE"},
            {"VIEW"}, {"SCHEMA"}, {"DATABASE"}, {"CATALOG"}, {"VOLUME"}, {"FUNCTION"}, {"EXTERNAL", "LOCATION"},
            {"STORAGE", "CREDENTIAL"}, {"CONNECTION"}, {"SHARE"}, {"MODEL"}}) {
            int next = TokenNames.expect(tokens, at, securable);
            if (next > 0) {
                return next;
            }
        }
        return at;
    }

    private static boolean isTableSecurable(Tokens tokens, int at) {
        return tokens.isWord(at, "TABLE") || tokens.isWord(at, "VIEW") || tokens.isWord(at, "MATERIALIZED")
                || tokens.isWord(at, "STREAMING");
    }

    private static StatementFacts copyInto(Tokens tokens, int at, int end) {
        TokenNames.Read target = TokenNames.name(tokens, at, end);
        int from = TokenNames.find(tokens, at, end, "FROM");
        if (target == null || from < 0) {
            return null;
        }
        StatementFacts facts = new StatementFacts("COPY_INTO");
        facts.add(target.name(), AccessRole.WRITE, null);
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

    /** ALTER, DROP or REFRESH of a table, view, materialized view or streaming table: the object is written. */
    private static StatementFacts namedObject(Tokens tokens, int first, int end) {
        int at = first + 1;
        String object;
        if (tokens.isWord(at, "TABLE") || tokens.isWord(at, "VIEW")) {
            object = tokens.isWord(at, "TABLE") ? "TABLE" : "VIEW";
            at++;
        } else if (TokenNames.expect(tokens, at, "MATERIALIZED", "VIEW") > 0
                || TokenNames.expect(tokens, at, "STREAMING", "TABLE") > 0) {
            object = "TABLE";
            at += 2;
        } else {
            return null;
        }
        int ifExists = TokenNames.expect(tokens, at, "IF", "EXISTS");
        at = ifExists > 0 ? ifExists : at;
        TokenNames.Read name = TokenNames.name(tokens, at, end);
        if (name == null) {
            return null;
        }
        String verb = tokens.text(first).toUpperCase(java.util.Locale.ROOT);
        StatementFacts facts = new StatementFacts(verb.equals("REFRESH") ? "REFRESH" : verb + "_" + object);
        facts.add(name.name(), AccessRole.WRITE, null);
        return facts;
    }
}
