package io.lakegov.sql;

import java.util.List;
import java.util.Locale;

/** Helpers shared by the golden tests: one analyser, and accesses rendered as short strings. */
final class Golden {

    static final StatementAnalyzer ANALYZER = new StatementAnalyzer(AnalyzerSettings.defaults());

    private Golden() {
    }

    static Analysis analyze(String sql) {
        return ANALYZER.analyze(sql);
    }

    /** Names as written, sorted, joined by commas; "" for none. */
    static String names(List<TableAccess> accesses) {
        return String.join(",", accesses.stream().map(a -> a.written().qualified()).sorted().toList());
    }

    /** Every access as {@code ROLE:name} (name as written), sorted, joined by spaces; "" for none. */
    static String accesses(Analysis analysis) {
        return String.join(" ", analysis.accesses().stream().map(a -> a.role() + ":" + a.written().qualified())
                .sorted().toList());
    }

    /** {@code name:KIND:value:SYNTAX} for every access with time travel. */
    static String timeTravel(Analysis analysis) {
        return String.join(",", analysis.accesses().stream().filter(a -> a.timeTravel() != null)
                .map(a -> a.written().qualified() + ":" + a.timeTravel().kind() + ":" + a.timeTravel().value() + ":"
                        + a.timeTravel().syntax())
                .map(s -> s.toLowerCase(Locale.ROOT)).toList());
    }
}
