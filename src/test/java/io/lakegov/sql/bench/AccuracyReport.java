package io.lakegov.sql.bench;

import io.lakegov.sql.AccessRole;
import io.lakegov.sql.Analysis;
import io.lakegov.sql.AnalysisStatus;
import io.lakegov.sql.AnalyzerSettings;
import io.lakegov.sql.StatementAnalyzer;
import io.lakegov.sql.TableAccess;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Scores the analyser against the corpus reference (see the corpus README): per group and overall, parse %,
 * exact table-set match, precision, recall, read-set and write-set exactness, crashes and timeouts; then the
 * other roles (GRANT, REFERENCE, SHARE) apart (see {@link RoleScores}).
 * Arguments: [corpus path] [--misses]. Temporary views the text creates count as written, as the reference
 * counts them; the report also gives the figure without that.
 */
public final class AccuracyReport {

    private AccuracyReport() {
    }

    public static void main(String[] args) throws Exception {
        String path = args.length > 0 && !args[0].startsWith("--") ? args[0] : CorpusReader.DEFAULT_PATH;
        boolean showMisses = List.of(args).contains("--misses");
        List<CorpusReader.Entry> entries = CorpusReader.read(path);
        StatementAnalyzer analyzer = new StatementAnalyzer(AnalyzerSettings.defaults());
        Map<String, Score> groups = new TreeMap<>();
        Score overall = new Score();
        RoleScores roles = new RoleScores();
        int crashes = 0;
        int timeouts = 0;
        for (CorpusReader.Entry entry : entries) {
            Analysis analysis;
            try {
                analysis = analyzer.analyze(entry.sql());
            } catch (RuntimeException | Error e) {
                crashes++;
                continue;
            }
            if (analysis == null) {
                crashes++;
                continue;
            }
            if (analysis.reason() != null && analysis.reason().contains("time budget")) {
                timeouts++;
            }
            roles.add(entry, analysis);
            if (!entry.evaluated()) {
                continue;
            }
            boolean hit = overall.add(entry, analysis);
            groups.computeIfAbsent(entry.group(), g -> new Score()).add(entry, analysis);
            if (showMisses && !hit) {
                System.out.printf("MISS %s %s%n  sql: %s%n  gold R%s W%s%n  got  R%s W%s (%s, %s)%n", entry.id(),
                        analysis.kind(), entry.sql().replace('\n', ' '), entry.reads(), entry.writes(),
                        names(analysis.reads(), analysis, false), names(analysis.writes(), analysis, true),
                        analysis.status(), analysis.reason());
            }
        }
        System.out.printf("%-26s %6s %7s %7s %7s %7s %7s %7s%n", "group", "n", "parse%", "exact%", "prec",
                "recall", "reads%", "writes%");
        groups.forEach((group, score) -> score.print(group));
        overall.print("OVERALL");
        System.out.printf("exact%% without counting created temporary views as written: %.2f%n",
                overall.percent(overall.exactStrict));
        System.out.printf("statements: %d, evaluated: %d, crashes: %d, timeouts: %d%n", entries.size(),
                overall.n, crashes, timeouts);
        System.out.println("other roles, apart from the scores above (found in all statements, scored where the"
                + " corpus has them):");
        roles.print();
    }

    static Set<String> names(List<TableAccess> accesses, Analysis analysis, boolean withTemporaryViews) {
        Set<String> names = new LinkedHashSet<>();
        for (TableAccess access : accesses) {
            if (access.role() == AccessRole.READ || access.role() == AccessRole.WRITE) {
                names.add(access.written().qualified().toLowerCase(Locale.ROOT));
            }
        }
        if (withTemporaryViews) {
            analysis.temporaryViews().forEach(v -> names.add(v.toLowerCase(Locale.ROOT)));
        }
        return names;
    }

    /** Running totals for one group. */
    static final class Score {
        int n;
        int parsed;
        int exact;
        int exactStrict;
        int readsExact;
        int writesExact;
        long truePositives;
        long reported;
        long gold;

        boolean add(CorpusReader.Entry entry, Analysis analysis) {
            n++;
            Set<String> goldSet = new HashSet<>(entry.reads());
            goldSet.addAll(entry.writes());
            gold += goldSet.size();
            if (analysis.status() == AnalysisStatus.UNANALYZABLE) {
                return goldSet.isEmpty() && false;
            }
            parsed++;
            Set<String> reads = names(analysis.reads(), analysis, false);
            Set<String> writes = names(analysis.writes(), analysis, true);
            Set<String> all = new HashSet<>(reads);
            all.addAll(writes);
            Set<String> strict = new HashSet<>(reads);
            strict.addAll(names(analysis.writes(), analysis, false));
            reported += all.size();
            for (String name : all) {
                if (goldSet.contains(name)) {
                    truePositives++;
                }
            }
            boolean hit = all.equals(goldSet);
            exact += hit ? 1 : 0;
            exactStrict += strict.equals(goldSet) ? 1 : 0;
            readsExact += reads.equals(entry.reads()) ? 1 : 0;
            writesExact += writes.equals(entry.writes()) ? 1 : 0;
            return hit;
        }

        double percent(int count) {
            return n == 0 ? 0 : 100.0 * count / n;
        }

        void print(String group) {
            double precision = reported == 0 ? 1 : (double) truePositives / reported;
            double recall = gold == 0 ? 1 : (double) truePositives / gold;
            System.out.printf("%-26s %6d %7.2f %7.2f %7.4f %7.4f %7.2f %7.2f%n", group, n, percent(parsed),
                    percent(exact), precision, recall, percent(readsExact), percent(writesExact));
        }
    }
}
