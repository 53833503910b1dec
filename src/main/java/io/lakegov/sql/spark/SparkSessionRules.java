package io.lakegov.sql.spark;

import java.util.ArrayList;
import java.util.List;

import io.lakegov.sql.AccessRole;
import io.lakegov.sql.StatementFacts;
import io.lakegov.sql.TableName;
import io.lakegov.sql.text.Literals;
import org.antlr.v4.runtime.ParserRuleContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.RenameTableContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.SetCatalogContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.ShowColumnsContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.ShowTableExtendedContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.UseContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.UseNamespaceContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.VisitExecuteImmediateContext;

/**
 * USE statements (which change how later names resolve), renames, SHOW COLUMNS, SHOW TABLE EXTENDED and
 * dynamic SQL.
 */
final class SparkSessionRules {

    private SparkSessionRules() {
    }

    static boolean handle(ParserRuleContext statement, SparkWalker walker) {
        StatementFacts facts = walker.facts;
        if (statement instanceof UseContext use) {
            TableName name = walker.name(use.identifierReference());
            if (name != null) {
                facts.useSchema(name.parts());
            }
        } else if (statement instanceof UseNamespaceContext use) {
            TableName name = walker.name(use.identifierReference());
            if (name != null) {
                facts.useSchema(name.parts());
            }
        } else if (statement instanceof SetCatalogContext catalog) {
            String text = TreeText.original(catalog.expression());
            String literal = Literals.stringValue(text);
            TableName name = literal != null ? new TableName(List.of(literal)) : TreeText.name(catalog.expression());
            if (name != null) {
                facts.useCatalog(name.qualified());
            }
        } else if (statement instanceof RenameTableContext rename) {
            // A rename writes both names: the old one disappears, the new one appears.
            walker.target(rename.from, AccessRole.WRITE);
            facts.add(walker.dottedName(rename.to), AccessRole.WRITE, null);
        } else if (statement instanceof ShowTableExtendedContext show) {
            // With a partition, Spark reads the pattern as the name of one table.
            if (show.partitionSpec() != null) {
                String pattern = Literals.stringValue(TreeText.original(show.pattern));
                if (pattern != null && !pattern.isEmpty()) {
                    facts.add(qualify(show.ns == null ? null : walker.name(show.ns),
                            new TableName(List.of(pattern))), AccessRole.READ, null);
                }
            }
        } else if (statement instanceof ShowColumnsContext show) {
            TableName table = walker.name(show.table);
            // A namespace given separately only qualifies a one-part table name.
            if (table != null && show.ns != null && table.parts().size() == 1) {
                TableName namespace = walker.dottedName(show.ns);
                table = namespace == null ? null : qualify(namespace, table);
            }
            facts.add(table, AccessRole.READ, null);
        } else if (statement instanceof VisitExecuteImmediateContext) {
            facts.markDynamic("dynamic SQL in EXECUTE IMMEDIATE");
            walker.walkChildren(statement);
        } else {
            return false;
        }
        return true;
    }

    private static TableName qualify(TableName namespace, TableName table) {
        if (namespace == null) {
            return table;
        }
        List<String> parts = new ArrayList<>(namespace.parts());
        parts.addAll(table.parts());
        return new TableName(parts);
    }
}
