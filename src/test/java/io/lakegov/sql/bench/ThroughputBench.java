package io.lakegov.sql.bench;

import io.lakegov.sql.AnalyzerSettings;
import io.lakegov.sql.CachingStatementAnalyzer;
import io.lakegov.sql.StatementAnalyzer;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.function.ToIntFunction;

/**
 * Single-thread throughput on the corpus after warm-up: Spark's bare SLL parse of the same texts as the
 * baseline (see {@link SparkBareParse}), the analyser uncached, then through the cache on a workload where each
 * distinct text repeats 20 times, then the heap retained after 1,000,000 analyses. Baseline and analyser are
 * measured in alternating rounds, and rates are given per second of this thread's CPU time as well as of wall
 * time, because the machine is shared and wall time also counts time spent waiting for a core; for the same
 * reason each measurement lasts the given seconds of this thread's CPU time, not of wall time.
 * Arguments: [corpus path] [CPU seconds per measurement, default 10].
 */
public final class ThroughputBench {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static long sink;

    private ThroughputBench() {
    }

    public static void main(String[] args) throws Exception {
        String path = args.length > 0 ? args[0] : CorpusReader.DEFAULT_PATH;
        int seconds = args.length > 1 ? Integer.parseInt(args[1]) : 10;
        List<String> texts = CorpusReader.read(path).stream().map(CorpusReader.Entry::sql).toList();
        StatementAnalyzer analyzer = new StatementAnalyzer(AnalyzerSettings.defaults());
        ToIntFunction<String> bare = sql -> SparkBareParse.parse(sql) ? 1 : 0;
        ToIntFunction<String> uncached = sql -> analyzer.analyze(sql).accesses().size();

        long before = usedHeapAfterGc();
        run(texts, seconds, bare, "warm-up spark bare");
        run(texts, seconds, uncached, "warm-up analyser");
        Rate spark = new Rate();
        Rate analysed = new Rate();
        for (int round = 0; round < 2; round++) {
            spark.add(run(texts, seconds, bare, "spark bare SLL parse"));
            analysed.add(run(texts, seconds, uncached, "analyser uncached"));
        }

        List<String> repeated = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            repeated.addAll(texts);
        }
        Collections.shuffle(repeated, new Random(42));
        CachingStatementAnalyzer cache = new CachingStatementAnalyzer(analyzer, 4_096);
        Rate cached = run(repeated, seconds, sql -> cache.analyze(sql).accesses().size(), "cached (each text 20x)");

        long count = 0;
        while (count < 1_000_000) {
            for (String text : texts) {
                sink += analyzer.analyze(text).accesses().size();
                count++;
            }
        }
        long after = usedHeapAfterGc();
        System.out.printf("spark bare SLL parse: %s%n", spark);
        System.out.printf("analyser uncached:    %s  (%.2f of the baseline, CPU time)%n", analysed,
                analysed.perCpuSecond() / spark.perCpuSecond());
        System.out.printf("analyser cached:      %s%n", cached);
        System.out.printf("retained heap after %d analyses: %.1f MiB (before %.1f MiB, after %.1f MiB)%n", count,
                (after - before) / 1048576.0, before / 1048576.0, after / 1048576.0);
        System.out.println(sink == 42 ? "" : "done");
    }

    private static Rate run(List<String> texts, int seconds, ToIntFunction<String> work, String label) {
        Rate rate = new Rate();
        long wall = System.nanoTime();
        long cpu = THREADS.getCurrentThreadCpuTime();
        long end = cpu + seconds * 1_000_000_000L;
        while (THREADS.getCurrentThreadCpuTime() < end) {
            for (String text : texts) {
                sink += work.applyAsInt(text);
            }
            rate.statements += texts.size();
        }
        rate.cpuNanos = THREADS.getCurrentThreadCpuTime() - cpu;
        rate.wallNanos = System.nanoTime() - wall;
        System.out.printf("%-24s %s%n", label, rate);
        return rate;
    }

    private static long usedHeapAfterGc() throws InterruptedException {
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(200);
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    /** Statements done over CPU and wall time, summed over rounds. */
    private static final class Rate {
        long statements;
        long cpuNanos;
        long wallNanos;

        void add(Rate other) {
            statements += other.statements;
            cpuNanos += other.cpuNanos;
            wallNanos += other.wallNanos;
        }

        double perCpuSecond() {
            return statements / (cpuNanos / 1e9);
        }

        @Override
        public String toString() {
            return String.format("%8.0f statements/s CPU time, %8.0f statements/s wall time", perCpuSecond(),
                    statements / (wallNanos / 1e9));
        }
    }
}
