package io.lakegov.sql.bench;

import io.lakegov.sql.AnalyzerSettings;
import io.lakegov.sql.CachingStatementAnalyzer;
import io.lakegov.sql.StatementAnalyzer;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * Single-thread throughput on the corpus after warm-up: uncached, then through the cache on a workload where
 * each distinct text repeats 20 times, then the heap retained after 1,000,000 analyses.
 * Arguments: [corpus path] [seconds per measurement, default 10].
 */
public final class ThroughputBench {

    private static long sink;

    private ThroughputBench() {
    }

    public static void main(String[] args) throws Exception {
        String path = args.length > 0 ? args[0] : CorpusReader.DEFAULT_PATH;
        int seconds = args.length > 1 ? Integer.parseInt(args[1]) : 10;
        List<String> texts = CorpusReader.read(path).stream().map(CorpusReader.Entry::sql).toList();
        StatementAnalyzer analyzer = new StatementAnalyzer(AnalyzerSettings.defaults());

        long before = usedHeapAfterGc();
        run(texts, seconds, analyzer::analyze, "warm-up");
        double uncached = run(texts, seconds, analyzer::analyze, "uncached");

        List<String> repeated = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            repeated.addAll(texts);
        }
        Collections.shuffle(repeated, new Random(42));
        CachingStatementAnalyzer cached = new CachingStatementAnalyzer(analyzer, 4_096);
        double withCache = run(repeated, seconds, cached::analyze, "cached (each text 20x)");

        long count = 0;
        while (count < 1_000_000) {
            for (String text : texts) {
                sink += analyzer.analyze(text).accesses().size();
                count++;
            }
        }
        long after = usedHeapAfterGc();
        System.out.printf("uncached: %.0f statements/s%n", uncached);
        System.out.printf("cached:   %.0f statements/s%n", withCache);
        System.out.printf("retained heap after %d analyses: %.1f MiB (before %.1f MiB, after %.1f MiB)%n", count,
                (after - before) / 1048576.0, before / 1048576.0, after / 1048576.0);
        System.out.println(sink == 42 ? "" : "done");
    }

    private interface Analysis {
        io.lakegov.sql.Analysis analyze(String sql);
    }

    private static double run(List<String> texts, int seconds, Analysis analysis, String label) {
        long end = System.nanoTime() + seconds * 1_000_000_000L;
        long start = System.nanoTime();
        long count = 0;
        while (System.nanoTime() < end) {
            for (String text : texts) {
                sink += analysis.analyze(text).accesses().size();
            }
            count += texts.size();
        }
        double rate = count / ((System.nanoTime() - start) / 1e9);
        System.out.printf("%-24s %10.0f statements/s%n", label, rate);
        return rate;
    }

    private static long usedHeapAfterGc() throws InterruptedException {
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(200);
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }
}
