package io.lakegov.sql;

import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;
import net.sf.jsqlparser.parser.CCJSqlParserUtil;
import net.sf.jsqlparser.schema.Table;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.create.table.CreateTable;
import net.sf.jsqlparser.statement.create.view.CreateView;
import net.sf.jsqlparser.statement.delete.Delete;
import net.sf.jsqlparser.statement.drop.Drop;
import net.sf.jsqlparser.statement.insert.Insert;
import net.sf.jsqlparser.statement.merge.Merge;
import net.sf.jsqlparser.statement.truncate.Truncate;
import net.sf.jsqlparser.statement.update.Update;
import net.sf.jsqlparser.util.TablesNamesFinder;

/**
 * The general fallback: JSqlParser, for statements outside Spark's and Delta's grammars and our recognisers.
 * The statement's target is written; every other table it names is read. A name JSqlParser reports that we
 * cannot read back as a table name fails the stage rather than being guessed.
 */
final class JSqlParserStage {

    /** JSqlParser has no deadline of its own; very long texts are left to the other stages. */
    private static final int MAX_CHARS = 20_000;

    private JSqlParserStage() {
    }

    static StatementFacts analyze(String sql) {
        if (sql.length() > MAX_CHARS) {
            return null;
        }
        try {
            Statement statement = CCJSqlParserUtil.newParser(sql).Statement();
            Table target = target(statement);
            StatementFacts facts = new StatementFacts(
                    statement.getClass().getSimpleName().toUpperCase(Locale.ROOT));
            Set<String> written = new LinkedHashSet<>();
            if (target != null) {
                TableName name = name(target.getFullyQualifiedName());
                facts.add(name, AccessRole.WRITE, null);
                written.add(name.qualified());
            }
            for (String table : new TablesNamesFinder<Void>().getTables(statement)) {
                TableName name = name(table);
                if (!written.contains(name.qualified())) {
                    facts.add(name, AccessRole.READ, null);
                }
            }
            return facts;
        } catch (Exception | StackOverflowError e) {
            // Any failure here only means this stage does not understand the statement either.
            return null;
        }
    }

    private static Table target(Statement statement) {
        if (statement instanceof Insert insert) {
            return insert.getTable();
        } else if (statement instanceof Update update) {
            return update.getTable();
        } else if (statement instanceof Delete delete) {
            return delete.getTable();
        } else if (statement instanceof Merge merge) {
            return merge.getTable();
        } else if (statement instanceof CreateTable create) {
            return create.getTable();
        } else if (statement instanceof CreateView view) {
            return view.getView();
        } else if (statement instanceof Drop drop) {
            return drop.getName();
        } else if (statement instanceof Truncate truncate) {
            return truncate.getTable();
        }
        return null;
    }

    private static TableName name(String reported) {
        return TableName.parse(reported.replace('"', '`'));
    }
}
