package io.lakegov.sql.databricks;

import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

import io.lakegov.sql.AccessRole;
import io.lakegov.sql.Deadline;
import io.lakegov.sql.StatementFacts;
import io.lakegov.sql.TableName;
import io.lakegov.sql.text.TokenType;
import io.lakegov.sql.text.Tokens;
import net.sf.jsqlparser.parser.CCJSqlParser;
import net.sf.jsqlparser.parser.CCJSqlParserUtil;
import net.sf.jsqlparser.schema.Table;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.UnsupportedStatement;
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
 * The statement's target is written; a foreign key's parent ({@code REFERENCES p}) is referenced, and read too
 * only when the statement's query names it; every other table it names is read. A name JSqlParser reports that
 * we cannot read back as a table name fails the stage rather than being guessed, and so does a statement with an
 * {@code IDENTIFIER(...)} clause, which JSqlParser does not know.
 *
 * <p>JSqlParser is the slowest stage (a fresh parser costs more than Spark's whole parse of most statements, and
 * its backtracking can take a hundred milliseconds on a long query), so it is bounded three ways: it only sees
 * statements whose first keyword it could map to reads and writes, it parses without its backtracking-heavy
 * "complex" mode except for short texts, and a watchdog interrupts it when the time budget runs out.
 */
public final class JSqlParserStage {

    /** Texts longer than this are left to the other stages. */
    private static final int MAX_CHARS = 20_000;

    /** Only texts up to this long get a second try in JSqlParser's slower complex mode. */
    private static final int COMPLEX_MAX_CHARS = 1_000;

    /**
     * Statements JSqlParser can help with: {@link #target} knows which of their tables are written. Anything else
     * (ALTER, REPLACE, SHOW, DESCRIBE, Delta and Databricks commands) it would misread or report without tables.
     */
    private static final Set<String> FIRST_WORDS =
            Set.of("SELECT", "WITH", "VALUES", "INSERT", "UPDATE", "DELETE", "MERGE", "CREATE", "DROP", "TRUNCATE");

    /**
     * JSqlParser checks no clock itself; it stops when its {@code interrupted} flag is set. One daemon thread for
     * the JVM sets it when a parse outlives its budget, so the parse itself stays on the caller's thread.
     */
    private static final ScheduledThreadPoolExecutor WATCHDOG = watchdog();

    private JSqlParserStage() {
    }

    public static StatementFacts analyze(Tokens tokens, int first, int end, String sql, Deadline deadline) {
        if (sql.length() > MAX_CHARS || !canHelp(tokens, first) || hasIdentifierClause(tokens, first, end)) {
            return null;
        }
        Statement statement = parse(sql, false, deadline);
        if (statement == null && sql.length() <= COMPLEX_MAX_CHARS) {
            statement = parse(sql, true, deadline);
        }
        return statement == null ? null : facts(statement, parents(tokens, first, end));
    }

    private static boolean canHelp(Tokens tokens, int first) {
        if (tokens.isSymbol(first, '(')) {
            return true;
        }
        return tokens.type(first) == TokenType.WORD
                && FIRST_WORDS.contains(tokens.text(first).toUpperCase(Locale.ROOT));
    }

    /**
     * JSqlParser knows no {@code IDENTIFIER(...)} clause: it would report a table named identifier, or take the
     * clause for a function and drop the table, so it leaves such statements to the other stages.
     */
    private static boolean hasIdentifierClause(Tokens tokens, int first, int end) {
        for (int i = first; i + 1 < end; i++) {
            if (tokens.isWord(i, "IDENTIFIER") && tokens.isSymbol(i + 1, '(')) {
                return true;
            }
        }
        return false;
    }

    private static Statement parse(String sql, boolean complex, Deadline deadline) {
        long remaining = deadline.remainingNanos();
        if (remaining == 0) {
            return null;
        }
        CCJSqlParser parser = CCJSqlParserUtil.newParser(sql).withAllowComplexParsing(complex);
        ScheduledFuture<?> alarm = WATCHDOG.schedule(() -> {
            parser.interrupted = true;
        }, remaining, TimeUnit.NANOSECONDS);
        try {
            Statement statement = parser.Statement();
            // An UnsupportedStatement is JSqlParser saying it skipped text it did not understand, not a reading.
            return statement instanceof UnsupportedStatement ? null : statement;
        } catch (Exception | StackOverflowError e) {
            // Any failure here only means this stage does not understand the statement either.
            return null;
        } finally {
            alarm.cancel(false);
        }
    }

    /** The tables after {@code REFERENCES} in the statement: foreign keys' parents. */
    private static Set<TableName> parents(Tokens tokens, int first, int end) {
        StatementFacts references = new StatementFacts(null);
        DatabricksRecognisers.references(tokens, first, end, references);
        return new HashSet<>(references.names());
    }

    private static StatementFacts facts(Statement statement, Set<TableName> parents) {
        try {
            Table target = target(statement);
            StatementFacts facts = new StatementFacts(
                    statement.getClass().getSimpleName().toUpperCase(Locale.ROOT));
            Set<String> written = new LinkedHashSet<>();
            if (target != null) {
                TableName name = name(target.getFullyQualifiedName());
                facts.add(name, AccessRole.WRITE, null);
                written.add(name.qualified());
            }
            Set<TableName> queried = queried(statement);
            for (String table : new TablesNamesFinder<Void>().getTables(statement)) {
                TableName name = name(table);
                if (parents.contains(name)) {
                    // JSqlParser lists a foreign key's parent with the tables read; no data of it is read.
                    facts.add(name, AccessRole.REFERENCE, null);
                }
                if (!written.contains(name.qualified()) && (!parents.contains(name) || queried.contains(name))) {
                    facts.add(name, AccessRole.READ, null);
                }
            }
            return facts;
        } catch (RuntimeException | StackOverflowError e) {
            // A name we cannot read back, or a tree the finder does not know: not understood, never guessed.
            return null;
        }
    }

    /** The tables the query of a CREATE TABLE ... AS query names; none for other statements. */
    private static Set<TableName> queried(Statement statement) {
        Set<TableName> queried = new HashSet<>();
        if (statement instanceof CreateTable create && create.getSelect() != null) {
            Statement query = create.getSelect();
            new TablesNamesFinder<Void>().getTables(query).forEach(table -> queried.add(name(table)));
        }
        return queried;
    }

    private static ScheduledThreadPoolExecutor watchdog() {
        ScheduledThreadPoolExecutor watchdog = new ScheduledThreadPoolExecutor(1, runnable -> {
            Thread thread = new Thread(runnable, "jsqlparser-watchdog");
            thread.setDaemon(true);
            return thread;
        });
        // Almost every alarm is cancelled; without this they would stay queued until their time came.
        watchdog.setRemoveOnCancelPolicy(true);
        return watchdog;
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
