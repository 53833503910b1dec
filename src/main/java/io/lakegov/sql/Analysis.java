package io.lakegov.sql;

import java.util.List;
import java.util.Objects;

/**
 * What the analyser found in one text (a statement or a script): the tables it reads, writes, grants on,
 * references by foreign key and shares,
 * the file paths it touches, its shape fingerprint and a redacted copy of it.
 *
 * @param kind            statement kind such as SELECT, MERGE or CTAS; SCRIPT for several statements; null when
 *                        there was nothing to analyse
 * @param accesses        deduplicated, in order of appearance
 * @param fingerprint     stable hash of the statement's shape; null only when the text could not be tokenised
 * @param redactedSql     the text with every literal replaced by {@code ?} and comments removed; null when the text
 *                        could not be tokenised (never the original text)
 * @param stage           which part of the analyser produced the result
 * @param reason          null when ANALYZED, otherwise why not (naming the failed statements of a script)
 * @param sessionEffect   what USE statements in the text set, null when there were none
 * @param temporaryViews  temporary views the text creates; they are not tables
 * @param shareChanges    what the text does to Delta Sharing shares (tables added, updated or removed, shares
 *                        renamed or dropped), in the order of its statements
 * @param columns         the columns read and written, deduplicated, with the text's {@code USE} applied to their
 *                        tables; a table whose columns the analyser could not tell has one entry with no column
 * @param onlyIfAbsent    a single {@code CREATE [MATERIALIZED] VIEW IF NOT EXISTS}: it defines nothing when the view
 *                        exists
 */
public record Analysis(
        AnalysisStatus status,
        String kind,
        List<TableAccess> accesses,
        List<String> paths,
        String fingerprint,
        String redactedSql,
        String stage,
        String reason,
        String analyzerVersion,
        SessionEffect sessionEffect,
        List<String> temporaryViews,
        List<ShareChange> shareChanges,
        List<ColumnAccess> columns,
        boolean onlyIfAbsent) {

    public Analysis {
        Objects.requireNonNull(status, "status");
        accesses = List.copyOf(accesses);
        paths = List.copyOf(paths);
        temporaryViews = List.copyOf(temporaryViews);
        shareChanges = List.copyOf(shareChanges);
        columns = List.copyOf(columns);
        Objects.requireNonNull(stage, "stage");
        Objects.requireNonNull(analyzerVersion, "analyzerVersion");
        if (status != AnalysisStatus.ANALYZED && reason == null) {
            throw new IllegalArgumentException("a " + status + " analysis needs a reason");
        }
    }

    /** An analysis without share changes and columns: nothing was understood, or nothing reads a table. */
    public Analysis(AnalysisStatus status, String kind, List<TableAccess> accesses, List<String> paths,
            String fingerprint, String redactedSql, String stage, String reason, String analyzerVersion,
            SessionEffect sessionEffect, List<String> temporaryViews) {
        this(status, kind, accesses, paths, fingerprint, redactedSql, stage, reason, analyzerVersion, sessionEffect,
                temporaryViews, List.of(), List.of(), false);
    }

    public List<TableAccess> reads() {
        return withRole(AccessRole.READ);
    }

    public List<TableAccess> writes() {
        return withRole(AccessRole.WRITE);
    }

    public List<TableAccess> grants() {
        return withRole(AccessRole.GRANT);
    }

    /** Tables a foreign key of the statement points to. */
    public List<TableAccess> references() {
        return withRole(AccessRole.REFERENCE);
    }

    /** Tables the statement adds to, updates in or removes from a Delta Sharing share. */
    public List<TableAccess> shares() {
        return withRole(AccessRole.SHARE);
    }

    private List<TableAccess> withRole(AccessRole role) {
        return accesses.stream().filter(a -> a.role() == role).toList();
    }
}
