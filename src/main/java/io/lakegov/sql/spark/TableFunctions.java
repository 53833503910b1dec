package io.lakegov.sql.spark;

import java.util.List;
import java.util.Locale;

import io.lakegov.sql.AccessRole;
import io.lakegov.sql.TableName;
import io.lakegov.sql.TimeTravel;
import io.lakegov.sql.TimeTravelKind;
import io.lakegov.sql.TimeTravelSyntax;
import io.lakegov.sql.text.Literals;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.FunctionTableArgumentContext;
import org.apache.spark.sql.catalyst.parser.SqlBaseParser.TableFunctionCallContext;

/**
 * Table-valued functions that name tables or files in string arguments: {@code table_changes('t', 2)} reads
 * {@code t} from version 2 on, {@code read_files('/p')} reads a location. Other functions are walked for
 * subqueries and {@code TABLE(t)} arguments.
 */
final class TableFunctions {

    private TableFunctions() {
    }

    static void handle(TableFunctionCallContext call, SparkWalker walker) {
        String function = TreeText.original(call.functionName()).replace("`", "").toLowerCase(Locale.ROOT);
        List<FunctionTableArgumentContext> arguments = call.functionTableArgument();
        switch (function) {
            case "table_changes" -> tableChanges(arguments, walker);
            case "read_files", "cloud_files", "table_changes_by_path" -> path(arguments, walker);
            default -> walker.walkChildren(call);
        }
    }

    private static void tableChanges(List<FunctionTableArgumentContext> arguments, SparkWalker walker) {
        String table = arguments.isEmpty() ? null : Literals.stringValue(TreeText.original(arguments.get(0)));
        if (table == null) {
            walker.facts.markDynamic("dynamic table name");
            return;
        }
        TableName name;
        try {
            name = TableName.parse(table);
        } catch (IllegalArgumentException e) {
            walker.facts.markDynamic("dynamic table name");
            return;
        }
        TimeTravel start = null;
        if (arguments.size() > 1) {
            String text = TreeText.original(arguments.get(1));
            String version = Literals.integerValue(text);
            String timestamp = Literals.stringValue(text);
            if (version != null) {
                start = new TimeTravel(TimeTravelKind.VERSION, version, TimeTravelSyntax.TABLE_CHANGES);
            } else if (timestamp != null) {
                start = new TimeTravel(TimeTravelKind.TIMESTAMP, timestamp, TimeTravelSyntax.TABLE_CHANGES);
            } else {
                start = new TimeTravel(TimeTravelKind.TIMESTAMP, Literals.normalisedExpression(text),
                        TimeTravelSyntax.TABLE_CHANGES);
            }
        }
        walker.facts.add(name, AccessRole.READ, start);
    }

    private static void path(List<FunctionTableArgumentContext> arguments, SparkWalker walker) {
        String location = arguments.isEmpty() ? null : Literals.stringValue(TreeText.original(arguments.get(0)));
        if (location != null) {
            walker.facts.paths.add(location);
        }
    }
}
