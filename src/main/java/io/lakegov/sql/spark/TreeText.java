package io.lakegov.sql.spark;

import java.util.ArrayList;
import java.util.List;

import io.lakegov.sql.TableName;
import io.lakegov.sql.text.Literals;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.misc.Interval;
import org.antlr.v4.runtime.tree.ParseTree;
import org.antlr.v4.runtime.tree.TerminalNode;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.IdentifierLiteralContext;

/** Reading names and original text back out of a parse tree, for both grammars. */
public final class TreeText {

    private TreeText() {
    }

    /** The original text of a subtree, whitespace and case as written. */
    public static String original(ParserRuleContext ctx) {
        Token start = ctx.getStart();
        Token stop = ctx.getStop();
        if (start == null || stop == null || stop.getStopIndex() < start.getStartIndex()) {
            return "";
        }
        return start.getInputStream().getText(Interval.of(start.getStartIndex(), stop.getStopIndex()));
    }

    /**
     * The parts of a dotted name subtree: backticks removed, split at the dots. A part {@code IDENTIFIER('a.b')}
     * (Spark's grammar reads it as a name part anywhere) stands for the parts of its literal, as Spark resolves it.
     * Null when the subtree is no name, and when a part is {@code IDENTIFIER} of a parameter or of a literal that
     * is no name (see {@link #hasDynamicPart}).
     */
    public static TableName name(ParserRuleContext ctx) {
        List<String> parts = new ArrayList<>(3);
        StringBuilder part = new StringBuilder();
        if (!collect(ctx, parts, part)) {
            return null;
        }
        parts.add(part.toString());
        try {
            return new TableName(parts);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** True when a part of the name is {@code IDENTIFIER(...)} whose name is known only when the statement runs. */
    static boolean hasDynamicPart(ParseTree node) {
        if (node instanceof IdentifierLiteralContext literal) {
            return literalName(literal) == null;
        }
        for (int i = 0; i < node.getChildCount(); i++) {
            if (hasDynamicPart(node.getChild(i))) {
                return true;
            }
        }
        return false;
    }

    /** Adds the subtree's text to the name; false when a part is an {@code IDENTIFIER} it cannot resolve. */
    private static boolean collect(ParseTree node, List<String> parts, StringBuilder part) {
        if (node instanceof IdentifierLiteralContext literal) {
            TableName spliced = literalName(literal);
            if (spliced == null) {
                return false;
            }
            List<String> splicedParts = spliced.parts();
            part.append(splicedParts.get(0));
            for (int i = 1; i < splicedParts.size(); i++) {
                parts.add(part.toString());
                part.setLength(0);
                part.append(splicedParts.get(i));
            }
            return true;
        }
        if (node instanceof TerminalNode terminal) {
            String text = terminal.getText();
            if (".".equals(text)) {
                parts.add(part.toString());
                part.setLength(0);
            } else if (text.length() >= 2 && (text.charAt(0) == '`' || text.charAt(0) == '"')) {
                // A double-quoted token is a name only when the grammar reads "x" as one (quoted-names stage).
                char quote = text.charAt(0);
                int from = part.length();
                part.append(text, 1, text.length() - 1);
                replaceDoubled(part, from, quote);
            } else {
                part.append(text);
            }
            return true;
        }
        for (int i = 0; i < node.getChildCount(); i++) {
            if (!collect(node.getChild(i), parts, part)) {
                return false;
            }
        }
        return true;
    }

    /** The name in {@code IDENTIFIER('a.b')}; null for a parameter ({@code :p}, {@code ?}) or a literal no name. */
    private static TableName literalName(IdentifierLiteralContext literal) {
        String value = Literals.stringValue(original(literal.stringLit()));
        try {
            return value == null ? null : TableName.parse(value);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    private static void replaceDoubled(StringBuilder part, int from, char quote) {
        String doubled = String.valueOf(quote) + quote;
        int at = from;
        while ((at = part.indexOf(doubled, at)) >= 0) {
            part.deleteCharAt(at);
            at++;
        }
    }
}
