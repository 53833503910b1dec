package io.lakegov.sql.spark;

import java.util.Set;

import io.lakegov.sql.AccessRole;
import io.lakegov.sql.StatementFacts;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.tree.ParseTree;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.IdentifierReferenceContext;

/**
 * Statement-level rules for Spark statements: which named tables a statement writes or inspects. Statements
 * whose only table is a direct {@code identifierReference} child are listed by role; the rest have rules of their
 * own in {@link SparkCreateRules} and {@link SparkDmlRules}.
 */
public final class SparkStatementRules {

    /** Statements that change the data or the definition of the table they name. */
    private static final Set<Class<?>> WRITES_NAMED_TABLE = Set.of(
            SqlBaseParser.AddTableColumnsContext.class, SqlBaseParser.AddTableConstraintContext.class,
            SqlBaseParser.AddTablePartitionContext.class, SqlBaseParser.AlterClusterByContext.class,
            SqlBaseParser.AlterTableCollationContext.class, SqlBaseParser.AlterViewQueryContext.class,
            SqlBaseParser.AlterViewSchemaBindingContext.class, SqlBaseParser.CommentTableContext.class,
            SqlBaseParser.DeleteFromTableContext.class, SqlBaseParser.DropTableContext.class,
            SqlBaseParser.DropTableColumnsContext.class, SqlBaseParser.DropTableConstraintContext.class,
            SqlBaseParser.DropTablePartitionsContext.class, SqlBaseParser.DropViewContext.class,
            SqlBaseParser.LoadDataContext.class, SqlBaseParser.RecoverPartitionsContext.class,
            SqlBaseParser.RenameTablePartitionContext.class, SqlBaseParser.RepairTableContext.class,
            SqlBaseParser.SetTableLocationContext.class, SqlBaseParser.SetTablePropertiesContext.class,
            SqlBaseParser.SetTableSerDeContext.class, SqlBaseParser.TruncateTableContext.class,
            SqlBaseParser.UnsetTablePropertiesContext.class, SqlBaseParser.UpdateTableContext.class,
            SqlBaseParser.CreateIndexContext.class, SqlBaseParser.DropIndexContext.class,
            SqlBaseParser.AlterTableAlterColumnContext.class, SqlBaseParser.HiveChangeColumnContext.class,
            SqlBaseParser.HiveReplaceColumnsContext.class, SqlBaseParser.RenameTableColumnContext.class);

    /** Statements that read the data or the metadata of the table they name. */
    private static final Set<Class<?>> READS_NAMED_TABLE = Set.of(
            SqlBaseParser.AnalyzeContext.class, SqlBaseParser.DescribeRelationContext.class,
            SqlBaseParser.RefreshTableContext.class, SqlBaseParser.ShowCreateTableContext.class,
            SqlBaseParser.ShowPartitionsContext.class, SqlBaseParser.UncacheTableContext.class,
            SqlBaseParser.ShowTblPropertiesContext.class);

    /** Statements whose body is not run when they run: a function body reads its tables only when called. */
    private static final Set<Class<?>> OPAQUE = Set.of(
            SqlBaseParser.CreateUserDefinedFunctionContext.class, SqlBaseParser.CreateFunctionContext.class);

    private SparkStatementRules() {
    }

    /** Handles a statement node; false when the walker should just descend into it. */
    static boolean handle(ParserRuleContext statement, SparkWalker walker) {
        if (statement instanceof SqlBaseParser.DmlStatementContext) {
            return false;
        }
        StatementFacts facts = walker.facts;
        if (facts.kind == null) {
            facts.kind = SparkStatementKinds.of(statement.getClass());
        }
        Class<?> type = statement.getClass();
        if (statement instanceof SqlBaseParser.CreateMetricViewContext metricView) {
            walker.target(metricView.identifierReference(), AccessRole.WRITE);
            MetricViews.readSources(TreeText.original(metricView.codeLiteral()), walker);
            return true;
        }
        if (WRITES_NAMED_TABLE.contains(type)) {
            namedTables(statement, AccessRole.WRITE, walker);
            walker.walkChildren(statement);
            return true;
        }
        if (READS_NAMED_TABLE.contains(type)) {
            namedTables(statement, AccessRole.READ, walker);
            walker.walkChildren(statement);
            return true;
        }
        if (OPAQUE.contains(type)) {
            return true;
        }
        return SparkCreateRules.handle(statement, walker) || SparkDmlRules.handle(statement, walker)
                || SparkSessionRules.handle(statement, walker);
    }

    private static void namedTables(ParserRuleContext statement, AccessRole role, SparkWalker walker) {
        for (int i = 0; i < statement.getChildCount(); i++) {
            ParseTree child = statement.getChild(i);
            if (child instanceof IdentifierReferenceContext reference) {
                walker.target(reference, role);
            }
        }
    }
}
