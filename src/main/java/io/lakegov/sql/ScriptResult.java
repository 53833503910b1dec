package io.lakegov.sql;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Folds the statements of a text into one {@link Analysis}: applies each USE to the statements after it, drops
 * temporary views created earlier in the text, deduplicates accesses and summarises failures.
 */
final class ScriptResult {

    private static final int FAILURES_LISTED = 5;

    private final Set<TableAccess> accesses = new LinkedHashSet<>();
    private final Set<String> paths = new LinkedHashSet<>();
    private final ScriptColumns columns = new ScriptColumns();
    private final Set<String> temporaryViews = new LinkedHashSet<>();
    private final List<ShareChange> shareChanges = new ArrayList<>();
    private final Set<String> stages = new HashSet<>();
    private final List<String> failures = new ArrayList<>();
    private String firstStage;
    private String kind;
    private boolean onlyIfAbsent;
    private String dynamicReason;
    private int failed;
    private int succeeded;
    private boolean sessionChanged;
    private String catalog;
    private String schema;

    void add(int number, StageOutcome outcome) {
        if (firstStage == null) {
            firstStage = outcome.stage();
        }
        stages.add(outcome.stage());
        if (!outcome.succeeded()) {
            failed++;
            if (failures.size() < FAILURES_LISTED) {
                failures.add("statement " + number + ": " + outcome.failure());
            }
            return;
        }
        succeeded++;
        StatementFacts facts = outcome.facts();
        if (kind == null) {
            kind = facts.kind;
            onlyIfAbsent = facts.onlyIfAbsent;
        }
        for (StatementFacts.Access access : facts.accesses) {
            if (!isTemporaryView(access.written())) {
                TableName resolved = access.written().resolve(catalog, schema);
                accesses.add(new TableAccess(resolved, access.written(), access.role(), access.timeTravel()));
            }
        }
        columns.add(facts, this::isTemporaryView, catalog, schema);
        paths.addAll(facts.paths);
        for (ShareChange change : facts.shareChanges) {
            shareChanges.add(change.resolve(catalog, schema));
        }
        temporaryViews.addAll(facts.temporaryViews);
        if (dynamicReason == null && facts.dynamicReason != null) {
            dynamicReason = "statement " + number + ": " + facts.dynamicReason;
        }
        if (facts.setsCatalog) {
            sessionChanged = true;
            catalog = facts.catalog;
        }
        if (facts.setsSchema) {
            sessionChanged = true;
            schema = facts.schema;
        }
    }

    private boolean isTemporaryView(TableName name) {
        List<String> parts = name.parts();
        if (parts.size() == 1) {
            return temporaryViews.contains(parts.get(0));
        }
        // global_temp.v is a global temporary view; LIVE.v names a pipeline's own (possibly temporary) dataset.
        return parts.size() == 2 && (parts.get(0).equals("global_temp") || parts.get(0).equals("live"))
                && temporaryViews.contains(parts.get(1));
    }

    Analysis toAnalysis(int statements, String fingerprint, String redacted) {
        AnalysisStatus status;
        String reason = null;
        if (failed == 0) {
            status = dynamicReason == null ? AnalysisStatus.ANALYZED : AnalysisStatus.PARTIAL;
            reason = dynamicReason;
        } else {
            status = succeeded == 0 ? AnalysisStatus.UNANALYZABLE : AnalysisStatus.PARTIAL;
            reason = statements == 1 ? failures.get(0).substring("statement 1: ".length())
                    : failed + " of " + statements + " statements not analysed: " + String.join("; ", failures)
                    + (failed > failures.size() ? "; ..." : "");
        }
        String stage = stages.size() == 1 || statements == 1 ? firstStage : "mixed";
        String summaryKind = statements > 1 ? "SCRIPT" : kind;
        SessionEffect effect = sessionChanged ? new SessionEffect(catalog, schema) : null;
        return new Analysis(status, summaryKind, List.copyOf(accesses), List.copyOf(paths), fingerprint, redacted,
                stage, reason, StatementAnalyzer.VERSION, effect, List.copyOf(temporaryViews), shareChanges,
                columns.list(), statements == 1 && onlyIfAbsent);
    }
}
