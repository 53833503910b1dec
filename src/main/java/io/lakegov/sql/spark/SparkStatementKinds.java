package io.lakegov.sql.spark;

import java.util.Locale;
import java.util.Map;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser;

/** The kind names of Spark statements; statements not listed get their grammar rule name in upper snake case. */
final class SparkStatementKinds {

    private static final Map<Class<?>, String> KINDS = Map.ofEntries(
            Map.entry(SqlBaseParser.StatementDefaultContext.class, "SELECT"),
            Map.entry(SqlBaseParser.SingleInsertQueryContext.class, "INSERT"),
            Map.entry(SqlBaseParser.MultiInsertQueryContext.class, "INSERT"),
            Map.entry(SqlBaseParser.MergeIntoTableContext.class, "MERGE"),
            Map.entry(SqlBaseParser.UpdateTableContext.class, "UPDATE"),
            Map.entry(SqlBaseParser.DeleteFromTableContext.class, "DELETE"),
            Map.entry(SqlBaseParser.CreateTableLikeContext.class, "CREATE_TABLE"),
            Map.entry(SqlBaseParser.CreateTableContext.class, "CREATE_TABLE"),
            Map.entry(SqlBaseParser.ReplaceTableContext.class, "CREATE_TABLE"),
            Map.entry(SqlBaseParser.CreateViewContext.class, "CREATE_VIEW"),
            Map.entry(SqlBaseParser.CreateTempViewUsingContext.class, "CREATE_TEMP_VIEW"),
            Map.entry(SqlBaseParser.CreatePipelineDatasetContext.class, "CREATE_STREAMING_TABLE"),
            Map.entry(SqlBaseParser.DropTableContext.class, "DROP_TABLE"),
            Map.entry(SqlBaseParser.DropViewContext.class, "DROP_VIEW"),
            Map.entry(SqlBaseParser.RenameTableContext.class, "ALTER_TABLE"),
            Map.entry(SqlBaseParser.AlterViewQueryContext.class, "ALTER_VIEW"),
            Map.entry(SqlBaseParser.AlterViewSchemaBindingContext.class, "ALTER_VIEW"),
            Map.entry(SqlBaseParser.TruncateTableContext.class, "TRUNCATE"),
            Map.entry(SqlBaseParser.CacheTableContext.class, "CACHE"),
            Map.entry(SqlBaseParser.UncacheTableContext.class, "UNCACHE"),
            Map.entry(SqlBaseParser.ClearCacheContext.class, "CACHE"),
            Map.entry(SqlBaseParser.ExplainContext.class, "EXPLAIN"),
            Map.entry(SqlBaseParser.UseContext.class, "USE"),
            Map.entry(SqlBaseParser.UseNamespaceContext.class, "USE"),
            Map.entry(SqlBaseParser.SetCatalogContext.class, "USE"),
            Map.entry(SqlBaseParser.CreateUserDefinedFunctionContext.class, "CREATE_FUNCTION"),
            Map.entry(SqlBaseParser.CreateFunctionContext.class, "CREATE_FUNCTION"),
            Map.entry(SqlBaseParser.CreatePipelineInsertIntoFlowContext.class, "CREATE_FLOW"),
            Map.entry(SqlBaseParser.AnalyzeContext.class, "ANALYZE"),
            Map.entry(SqlBaseParser.AnalyzeTablesContext.class, "ANALYZE"),
            Map.entry(SqlBaseParser.RefreshTableContext.class, "REFRESH"),
            Map.entry(SqlBaseParser.CommentTableContext.class, "COMMENT"),
            Map.entry(SqlBaseParser.LoadDataContext.class, "LOAD_DATA"),
            Map.entry(SqlBaseParser.RepairTableContext.class, "REPAIR_TABLE"));

    private static final ClassValue<String> BY_RULE = new ClassValue<>() {
        @Override
        protected String computeValue(Class<?> type) {
            String fixed = KINDS.get(type);
            if (fixed != null) {
                return fixed;
            }
            String rule = type.getSimpleName().replace("Context", "");
            if (rule.startsWith("Show")) {
                return "SHOW";
            }
            if (rule.startsWith("Describe")) {
                return "DESCRIBE";
            }
            if (rule.startsWith("SetResetStatement") || rule.startsWith("Set") && !rule.contains("Table")) {
                return "SET";
            }
            if (rule.contains("Table") || rule.contains("Column") || rule.contains("Partition")
                    || rule.startsWith("AlterClusterBy")) {
                return "ALTER_TABLE";
            }
            return rule.replaceAll("([a-z])([A-Z])", "$1_$2").toUpperCase(Locale.ROOT);
        }
    };

    private SparkStatementKinds() {
    }

    static String of(Class<?> statementType) {
        return BY_RULE.get(statementType);
    }
}
