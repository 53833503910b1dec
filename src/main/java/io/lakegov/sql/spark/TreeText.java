package io.lakegov.sql.spark;

import java.util.ArrayList;
import java.util.List;

import io.lakegov.sql.TableName;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.misc.Interval;
import org.antlr.v4.runtime.tree.ParseTree;
import org.antlr.v4.runtime.tree.TerminalNode;

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

    /** The parts of a dotted name subtree: backticks removed, split at the dots. */
    public static TableName name(ParserRuleContext ctx) {
        List<String> parts = new ArrayList<>(3);
        StringBuilder part = new StringBuilder();
        collect(ctx, parts, part);
        parts.add(part.toString());
        try {
            return new TableName(parts);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    private static void collect(ParseTree node, List<String> parts, StringBuilder part) {
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
            return;
        }
        for (int i = 0; i < node.getChildCount(); i++) {
            collect(node.getChild(i), parts, part);
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
