package io.lakegov.sql;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A {@link StatementAnalyzer} with a bounded least-recently-used cache keyed by the exact text, for workloads
 * where the same statement text arrives many times (dashboards, scheduled jobs). Thread-safe.
 */
public final class CachingStatementAnalyzer {

    private final StatementAnalyzer analyzer;
    private final Map<String, Analysis> cache;

    public CachingStatementAnalyzer(StatementAnalyzer analyzer, int maxEntries) {
        if (maxEntries <= 0) {
            throw new IllegalArgumentException("maxEntries must be positive");
        }
        this.analyzer = analyzer;
        this.cache = new LinkedHashMap<>(Math.min(maxEntries, 1 << 16), 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Analysis> eldest) {
                return size() > maxEntries;
            }
        };
    }

    public Analysis analyze(String sql) {
        if (sql == null) {
            return analyzer.analyze(null);
        }
        synchronized (cache) {
            Analysis cached = cache.get(sql);
            if (cached != null) {
                return cached;
            }
        }
        Analysis analysis = analyzer.analyze(sql);
        synchronized (cache) {
            cache.put(sql, analysis);
        }
        return analysis;
    }
}
