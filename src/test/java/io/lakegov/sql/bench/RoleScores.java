package io.lakegov.sql.bench;

import io.lakegov.sql.AccessRole;
import io.lakegov.sql.Analysis;
import io.lakegov.sql.AnalysisStatus;
import io.lakegov.sql.TableAccess;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The roles besides READ and WRITE (GRANT, REFERENCE, SHARE), each apart: what the analyser reported, and where
 * the corpus gives the reference's tables of that role (a field named {@code grants}, {@code references} or
 * {@code shares}), how well it matches them. These tables never count in the read/write scores.
 */
final class RoleScores {

    private final Map<AccessRole, Role> roles = new EnumMap<>(AccessRole.class);

    RoleScores() {
        CorpusReader.OTHER_ROLES.keySet().forEach(role -> roles.put(role, new Role()));
    }

    /** Counts what the analyser reported for every statement; scores only the evaluated ones. */
    void add(CorpusReader.Entry entry, Analysis analysis) {
        roles.forEach((role, score) -> score.add(entry.evaluated() ? entry.others().get(role) : null, analysis,
                role));
    }

    void print() {
        System.out.printf("%-10s %10s %8s %8s %7s %7s %7s%n", "role", "statements", "tables", "gold-n", "exact%",
                "prec", "recall");
        for (AccessRole role : new AccessRole[] {AccessRole.GRANT, AccessRole.REFERENCE, AccessRole.SHARE}) {
            roles.get(role).print(role);
        }
    }

    private static final class Role {
        int statements;
        long tables;
        int scored;
        int exact;
        long truePositives;
        long reported;
        long gold;

        void add(Set<String> goldSet, Analysis analysis, AccessRole role) {
            Set<String> found = new LinkedHashSet<>();
            for (TableAccess access : analysis.accesses()) {
                if (access.role() == role) {
                    found.add(access.written().qualified().toLowerCase(Locale.ROOT));
                }
            }
            statements += found.isEmpty() ? 0 : 1;
            tables += found.size();
            if (goldSet == null) {
                return;
            }
            scored++;
            gold += goldSet.size();
            if (analysis.status() == AnalysisStatus.UNANALYZABLE) {
                return;
            }
            reported += found.size();
            Set<String> hits = new HashSet<>(found);
            hits.retainAll(goldSet);
            truePositives += hits.size();
            exact += found.equals(goldSet) ? 1 : 0;
        }

        void print(AccessRole role) {
            if (scored == 0) {
                System.out.printf("%-10s %10d %8d %8s   (no reference tables of this role in the corpus)%n", role,
                        statements, tables, "-");
                return;
            }
            double precision = reported == 0 ? 1 : (double) truePositives / reported;
            double recall = gold == 0 ? 1 : (double) truePositives / gold;
            System.out.printf("%-10s %10d %8d %8d %7.2f %7.4f %7.4f%n", role, statements, tables, scored,
                    100.0 * exact / scored, precision, recall);
        }
    }
}
