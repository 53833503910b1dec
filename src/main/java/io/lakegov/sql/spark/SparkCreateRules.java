package io.lakegov.sql.spark;

import io.lakegov.sql.AccessRole;
import io.lakegov.sql.StatementFacts;
import io.lakegov.sql.TableName;

import org.antlr.v4.runtime.ParserRuleContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.CacheTableContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.CreatePipelineDatasetContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.CreateTableContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.CreateTableLikeContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.CreateTempViewUsingContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.CreateViewContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.ReplaceTableContext;

/**
 * Statements that create tables and views. The created object is written; a temporary view is not a table, so
 * it is remembered as such instead of being reported.
 */
final class SparkCreateRules {

    private SparkCreateRules() {
    }

    static boolean handle(ParserRuleContext statement, SparkWalker walker) {
        StatementFacts facts = walker.facts;
        if (statement instanceof CreateTableContext create) {
            if (create.createTableHeader().TEMPORARY() != null) {
                temporaryView(walker.name(create.createTableHeader().identifierReference()), facts);
            } else {
                walker.target(create.createTableHeader().identifierReference(), AccessRole.WRITE);
            }
            setKind(facts, statement, create.query() != null ? "CTAS" : "CREATE_TABLE");
        } else if (statement instanceof ReplaceTableContext replace) {
            walker.target(replace.replaceTableHeader().identifierReference(), AccessRole.WRITE);
            setKind(facts, statement, replace.query() != null ? "CTAS" : "CREATE_TABLE");
        } else if (statement instanceof CreateTableLikeContext like) {
            walker.target(like.target, AccessRole.WRITE);
            walker.read(like.source, null);
        } else if (statement instanceof CreateViewContext view) {
            if (view.TEMPORARY() != null) {
                temporaryView(walker.name(view.identifierReference()), facts);
                setKind(facts, statement, "CREATE_TEMP_VIEW");
            } else {
                walker.target(view.identifierReference(), AccessRole.WRITE);
                setKind(facts, statement, "CREATE_VIEW");
                facts.onlyIfAbsent = view.EXISTS() != null;
            }
        } else if (statement instanceof CreateTempViewUsingContext using) {
            temporaryView(walker.dottedName(using.tableIdentifier()), facts);
            setKind(facts, statement, "CREATE_TEMP_VIEW");
        } else if (statement instanceof CacheTableContext cache) {
            // CACHE TABLE t AS query defines t from the query; CACHE TABLE t only reads t into memory.
            walker.target(cache.identifierReference(), cache.query() != null ? AccessRole.WRITE : AccessRole.READ);
        } else if (statement instanceof CreatePipelineDatasetContext dataset) {
            walker.target(dataset.createPipelineDatasetHeader().identifierReference(), AccessRole.WRITE);
            boolean materialized = dataset.createPipelineDatasetHeader().materializedView() != null;
            setKind(facts, statement, materialized ? "CREATE_MATERIALIZED_VIEW" : "CREATE_STREAMING_TABLE");
            facts.onlyIfAbsent = materialized && dataset.createPipelineDatasetHeader().EXISTS() != null;
        } else {
            return false;
        }
        walker.walkChildren(statement);
        return true;
    }

    private static void temporaryView(TableName name, StatementFacts facts) {
        if (name != null) {
            facts.temporaryViews.add(name.qualified());
        }
    }

    /** Only the outermost statement names the kind (an EXPLAIN stays an EXPLAIN). */
    private static void setKind(StatementFacts facts, ParserRuleContext statement, String kind) {
        if (facts.kind.equals(SparkStatementKinds.of(statement.getClass())) && !"EXPLAIN".equals(facts.kind)) {
            facts.kind = kind;
        }
    }
}
