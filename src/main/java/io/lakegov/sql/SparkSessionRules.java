package io.lakegov.sql;

import java.util.ArrayList;
import java.util.List;
import org.antlr.v4.runtime.ParserRuleContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.SetCatalogContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.ShowColumnsContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.UseContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.UseNamespaceContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.VisitExecuteImmediateContext;

/** USE statements (which change how later names resolve), SHOW COLUMNS and dynamic SQL. */
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
        } else if (statement instanceof ShowColumnsContext show) {
            TableName table = walker.name(show.table);
            if (table != null && show.ns != null) {
                List<String> parts = new ArrayList<>(TreeText.name(show.ns).parts());
                parts.addAll(table.parts());
                table = new TableName(parts);
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
}
