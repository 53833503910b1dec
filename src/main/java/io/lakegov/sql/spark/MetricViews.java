package io.lakegov.sql.spark;

import java.io.Reader;
import java.util.List;
import java.util.Map;

import io.lakegov.sql.Deadline;
import io.lakegov.sql.GrammarFailure;
import io.lakegov.sql.text.SqlLexer;
import io.lakegov.sql.text.TokenNames;
import io.lakegov.sql.text.Tokens;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * The tables of a metric view ({@code CREATE VIEW v WITH METRICS LANGUAGE YAML AS $$ ... $$}): its YAML names a
 * {@code source} and {@code joins}, each join with a {@code source} and possibly joins of its own. A source is a
 * table name or a query, which Spark's grammar reads. The YAML is read with a YAML parser that builds only plain
 * maps, lists and scalars, with limits on aliases and nesting, so a hostile body cannot make it expand or recurse,
 * and that stops at the time budget.
 */
final class MetricViews {

    private static final int MAX_ALIASES = 20;
    private static final int MAX_NESTING = 50;
    private static final String UNREADABLE = "metric view definition not understood";

    private MetricViews() {
    }

    /** Reads the sources of the metric view whose {@code $$ ... $$} literal is {@code literal}. */
    static void readSources(String literal, SparkWalker walker) {
        String body = body(literal);
        Object root;
        try {
            root = yaml().load(new BudgetedReader(body, walker.deadline));
        } catch (GrammarFailure e) {
            throw e;
        } catch (RuntimeException e) {
            // YAMLException for text that is not YAML or breaks a limit; anything else the parser may throw on
            // hostile input is the same answer.
            walker.facts.markDynamic(UNREADABLE);
            return;
        }
        if (!(root instanceof Map<?, ?> view) || view.get("source") == null) {
            walker.facts.markDynamic(UNREADABLE);
            return;
        }
        readNode(view, walker, 0);
    }

    private static void readNode(Map<?, ?> node, SparkWalker walker, int depth) {
        Object source = node.get("source");
        if (source != null) {
            readSource(source, walker);
        }
        if (node.get("joins") instanceof List<?> joins && depth < MAX_NESTING) {
            for (Object join : joins) {
                if (join instanceof Map<?, ?> joined) {
                    readNode(joined, walker, depth + 1);
                }
            }
        }
    }

    private static void readSource(Object source, SparkWalker walker) {
        if (walker.deadline.expired()) {
            throw new GrammarFailure("time budget exceeded");
        }
        if (!(source instanceof String text) || text.isBlank()) {
            walker.facts.markDynamic(UNREADABLE);
            return;
        }
        Tokens tokens;
        try {
            tokens = SqlLexer.tokenize(text);
        } catch (SqlLexer.UntokenizableException e) {
            walker.facts.markDynamic(UNREADABLE);
            return;
        }
        TokenNames.Read name = TokenNames.name(tokens, 0, tokens.size());
        if (name != null && name.next() == tokens.size()) {
            walker.readName(name.name(), null);
        } else if (tokens.size() == 0
                || !SparkSubStatement.walkInto(tokens, 0, tokens.size(), walker.facts, walker.deadline)) {
            walker.facts.markDynamic(UNREADABLE);
        }
    }

    /** The text between the opening and the closing {@code $tag$} of a code literal. */
    private static String body(String literal) {
        int open = literal.indexOf('$', 1);
        if (!literal.startsWith("$") || open < 0) {
            return literal;
        }
        String tag = literal.substring(0, open + 1);
        int close = literal.lastIndexOf(tag);
        return close > open ? literal.substring(open + 1, close) : literal.substring(open + 1);
    }

    /** The YAML parser has no clock of its own: the text it reads checks the time budget every chunk it hands out. */
    private static final class BudgetedReader extends Reader {

        private final String text;
        private final Deadline deadline;
        private int position;

        BudgetedReader(String text, Deadline deadline) {
            this.text = text;
            this.deadline = deadline;
        }

        @Override
        public int read(char[] buffer, int offset, int length) {
            if (deadline.expired()) {
                throw new GrammarFailure("time budget exceeded");
            }
            if (position >= text.length()) {
                return -1;
            }
            int count = Math.min(length, text.length() - position);
            text.getChars(position, position + count, buffer, offset);
            position += count;
            return count;
        }

        @Override
        public void close() {
            position = text.length();
        }
    }

    private static Yaml yaml() {
        LoaderOptions options = new LoaderOptions();
        options.setMaxAliasesForCollections(MAX_ALIASES);
        options.setNestingDepthLimit(MAX_NESTING);
        options.setAllowRecursiveKeys(false);
        return new Yaml(new SafeConstructor(options));
    }
}
