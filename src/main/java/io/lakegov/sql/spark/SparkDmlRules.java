package io.lakegov.sql.spark;

import io.lakegov.sql.AccessRole;

import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.tree.ParseTree;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.IdentifierReferenceContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.InsertIntoContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.InsertOverwriteDirContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.InsertOverwriteHiveDirContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.MergeIntoTableContext;

/**
 * INSERT and MERGE. The MERGE target is written, not read: like Spark's plan-free reference we do not count the
 * target's own rows that the merge condition looks at as a read.
 */
final class SparkDmlRules {

    private SparkDmlRules() {
    }

    static boolean handle(ParserRuleContext statement, SparkWalker walker) {
        if (statement instanceof MergeIntoTableContext merge) {
            walker.target(merge.target, AccessRole.WRITE);
            if (merge.source != null) {
                walker.read(merge.source, null);
            }
            walker.walkChildren(merge);
            return true;
        }
        return false;
    }

    /** The target of any INSERT form; a directory target is a path. */
    static void insertTarget(InsertIntoContext insert, SparkWalker walker) {
        if (insert instanceof InsertOverwriteDirContext directory) {
            walker.addPath(directory.path);
        } else if (insert instanceof InsertOverwriteHiveDirContext directory) {
            walker.addPath(directory.path);
        } else {
            for (int i = 0; i < insert.getChildCount(); i++) {
                ParseTree child = insert.getChild(i);
                if (child instanceof IdentifierReferenceContext reference) {
                    walker.target(reference, AccessRole.WRITE);
                    break;
                }
            }
        }
        walker.walkChildren(insert);
    }
}
