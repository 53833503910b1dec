package io.lakegov.sql.spark;

import io.delta.sql.parser.DeltaSqlBaseParser;
import io.delta.sql.parser.DeltaSqlBaseParser.CloneContext;
import io.delta.sql.parser.DeltaSqlBaseParser.DescribeDeltaDetailContext;
import io.delta.sql.parser.DeltaSqlBaseParser.DescribeDeltaHistoryContext;
import io.delta.sql.parser.DeltaSqlBaseParser.OptimizeTableContext;
import io.delta.sql.parser.DeltaSqlBaseParser.QualifiedNameContext;
import io.delta.sql.parser.DeltaSqlBaseParser.RestoreContext;
import io.delta.sql.parser.DeltaSqlBaseParser.StatementContext;
import io.delta.sql.parser.DeltaSqlBaseParser.StringLitContext;
import io.delta.sql.parser.DeltaSqlBaseParser.TemporalClauseContext;
import io.delta.sql.parser.DeltaSqlBaseParser.VacuumTableContext;
import java.util.List;

import io.lakegov.sql.AccessRole;
import io.lakegov.sql.StatementFacts;
import io.lakegov.sql.TableName;
import io.lakegov.sql.TimeTravel;
import io.lakegov.sql.TimeTravelKind;
import io.lakegov.sql.TimeTravelSyntax;
import io.lakegov.sql.text.Literals;

/**
 * Delta Lake commands. Maintenance commands (OPTIMIZE, VACUUM, REORG, RESTORE, CONVERT, GENERATE, table
 * features and constraints) write the table; DESCRIBE HISTORY/DETAIL read it; CLONE reads the source and writes
 * the clone. A command given a path string works on the Delta table at that path, named {@code delta.<path>}.
 * {@code VACUUM t USING INVENTORY inv | (query)} also reads the inventory table or what the query reads.
 */
public final class DeltaRules {

    private DeltaRules() {
    }

    /** Reads an embedded query, given by the characters it spans in the command's text, into the facts. */
    @FunctionalInterface
    public interface Queries {
        boolean walkInto(int startChar, int stopChar, StatementFacts facts);
    }

    /**
     * The facts of a Delta command, or null when the grammar only passed the text through or an embedded query
     * could not be read.
     */
    public static StatementFacts analyze(DeltaSqlBaseParser.SingleStatementContext root, Queries queries) {
        StatementContext statement = root.statement();
        if (statement instanceof VacuumTableContext vacuum) {
            return vacuum(vacuum, queries);
        } else if (statement instanceof OptimizeTableContext optimize) {
            return write("OPTIMIZE", optimize.table, optimize.path);
        } else if (statement instanceof DescribeDeltaHistoryContext history) {
            return single("DESCRIBE_HISTORY", table(history.table, history.path), AccessRole.READ, null);
        } else if (statement instanceof DescribeDeltaDetailContext detail) {
            return single("DESCRIBE_DETAIL", table(detail.table, detail.path), AccessRole.READ, null);
        } else if (statement instanceof RestoreContext restore) {
            return single("RESTORE", table(restore.table, null), AccessRole.WRITE,
                    timeTravel(restore.clause, TimeTravelSyntax.RESTORE));
        } else if (statement instanceof CloneContext clone) {
            return clone(clone);
        } else if (statement instanceof DeltaSqlBaseParser.ReorgTableContext reorg) {
            return write("REORG", reorg.table, null);
        } else if (statement instanceof DeltaSqlBaseParser.ConvertContext convert) {
            return write("CONVERT_TO_DELTA", convert.table, null);
        } else if (statement instanceof DeltaSqlBaseParser.GenerateContext generate) {
            return write("GENERATE", generate.table, null);
        } else if (statement instanceof DeltaSqlBaseParser.AlterTableClusterByContext alter) {
            return write("ALTER_TABLE", alter.table, null);
        } else if (statement instanceof DeltaSqlBaseParser.AlterTableDropFeatureContext alter) {
            return write("ALTER_TABLE", alter.table, null);
        } else if (statement instanceof DeltaSqlBaseParser.AddTableConstraintContext alter) {
            return write("ALTER_TABLE", alter.table, null);
        } else if (statement instanceof DeltaSqlBaseParser.DropTableConstraintContext alter) {
            return write("ALTER_TABLE", alter.table, null);
        } else if (statement instanceof DeltaSqlBaseParser.AlterTableSyncIdentityContext alter) {
            return write("ALTER_TABLE", alter.table, null);
        }
        return null;
    }

    private static StatementFacts vacuum(VacuumTableContext vacuum, Queries queries) {
        StatementFacts facts = write("VACUUM", vacuum.table, vacuum.path);
        for (DeltaSqlBaseParser.InventoryContext inventory : vacuum.vacuumModifiers().inventory()) {
            if (inventory.inventoryTable != null) {
                facts.add(TreeText.name(inventory.inventoryTable), AccessRole.READ, null);
            } else if (inventory.inventoryQuery.getStop() == null
                    || !queries.walkInto(inventory.inventoryQuery.getStart().getStartIndex(),
                            inventory.inventoryQuery.getStop().getStopIndex(), facts)) {
                return null;
            }
        }
        return facts;
    }

    private static StatementFacts clone(CloneContext clone) {
        StatementFacts facts = new StatementFacts("CLONE");
        DeltaSqlBaseParser.CloneTableHeaderContext header = clone.cloneTableHeader();
        QualifiedNameContext target = header.createTableHeader() != null
                ? header.createTableHeader().table : header.replaceTableHeader().table;
        facts.add(TreeText.name(target), AccessRole.WRITE, null);
        facts.add(TreeText.name(clone.source), AccessRole.READ, timeTravel(clone.clause, TimeTravelSyntax.CLONE));
        if (clone.location != null) {
            String path = Literals.stringValue(TreeText.original(clone.location));
            if (path != null) {
                facts.paths.add(path);
            }
        }
        return facts;
    }

    private static StatementFacts write(String kind, QualifiedNameContext table, StringLitContext path) {
        return single(kind, table(table, path), AccessRole.WRITE, null);
    }

    private static StatementFacts single(String kind, TableName name, AccessRole role, TimeTravel timeTravel) {
        StatementFacts facts = new StatementFacts(kind);
        facts.add(name, role, timeTravel);
        return facts;
    }

    private static TableName table(QualifiedNameContext table, StringLitContext path) {
        if (table != null) {
            return TreeText.name(table);
        }
        String location = path == null ? null : Literals.stringValue(TreeText.original(path));
        return location == null || location.isEmpty() ? null : new TableName(List.of("delta", location));
    }

    private static TimeTravel timeTravel(TemporalClauseContext clause, TimeTravelSyntax syntax) {
        if (clause == null) {
            return null;
        }
        if (clause.version != null) {
            String text = clause.version.getText();
            String literal = Literals.stringValue(text);
            return new TimeTravel(TimeTravelKind.VERSION, literal != null ? literal : text, syntax);
        }
        String literal = Literals.stringValue(clause.timestamp.getText());
        return new TimeTravel(TimeTravelKind.TIMESTAMP, literal != null ? literal : clause.timestamp.getText(),
                syntax);
    }
}
