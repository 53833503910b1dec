package io.lakegov.sql;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import io.lakegov.sql.text.TokenNames;

/** What one stage found in one statement, before names are resolved against the script's USE statements. */
public final class StatementFacts {

    /** One table access with the name as written. */
    record Access(TableName written, AccessRole role, TimeTravel timeTravel) {
    }

    public String kind;
    final List<Access> accesses = new ArrayList<>();
    public final Set<String> paths = new LinkedHashSet<>();
    public final Set<String> temporaryViews = new LinkedHashSet<>();
    public final List<ShareChange> shareChanges = new ArrayList<>();
    /** Columns with the table names as written; only meaningful when {@code columnsKnown}. */
    public final List<ColumnAccess> columns = new ArrayList<>();
    public boolean columnsKnown;
    /** A CREATE ... VIEW IF NOT EXISTS: it defines nothing when the view exists. */
    public boolean onlyIfAbsent;
    String dynamicReason;
    boolean setsCatalog;
    String catalog;
    boolean setsSchema;
    String schema;

    public StatementFacts(String kind) {
        this.kind = kind;
    }

    public void add(TableName name, AccessRole role, TimeTravel timeTravel) {
        if (name != null) {
            accesses.add(new Access(name, role, timeTravel));
        }
    }

    /** Adds the table {@link TokenNames#target} read; a name known only when the statement runs marks it dynamic. */
    public void add(TokenNames.Read target, AccessRole role) {
        if (target.name() == null) {
            markDynamic("dynamic table name");
        } else {
            add(target.name(), role, null);
        }
    }

    /** The names of the tables recorded so far, in the order they were added. */
    public List<TableName> names() {
        return accesses.stream().map(Access::written).toList();
    }

    /** Adds what a sub-statement parse found (accesses, paths, temporary views, a dynamic name). */
    public void mergeFrom(StatementFacts other) {
        accesses.addAll(other.accesses);
        paths.addAll(other.paths);
        temporaryViews.addAll(other.temporaryViews);
        shareChanges.addAll(other.shareChanges);
        if (other.dynamicReason != null) {
            markDynamic(other.dynamicReason);
        }
        if (kind == null) {
            kind = other.kind;
        }
    }

    public void markDynamic(String reason) {
        if (dynamicReason == null) {
            dynamicReason = reason;
        }
    }

    /** {@code USE CATALOG c} (or {@code SET CATALOG c}): Databricks also resets the current schema to default. */
    public void useCatalog(String name) {
        setsCatalog = true;
        catalog = name;
        setsSchema = true;
        schema = "default";
    }

    public void useSchema(List<String> parts) {
        if (parts.size() >= 2) {
            setsCatalog = true;
            catalog = parts.get(parts.size() - 2);
        }
        setsSchema = true;
        schema = parts.get(parts.size() - 1);
    }
}
