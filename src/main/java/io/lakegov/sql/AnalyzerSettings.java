package io.lakegov.sql;

import java.time.Duration;
import java.util.Objects;

/**
 * Limits that keep one analysis cheap whatever text arrives.
 *
 * @param maxSqlChars texts longer than this are refused without being read
 * @param timeBudget  wall-clock time one {@code analyze} call may spend; statements not finished by then fail
 */
public record AnalyzerSettings(int maxSqlChars, Duration timeBudget) {
    public AnalyzerSettings {
        if (maxSqlChars <= 0) {
            throw new IllegalArgumentException("maxSqlChars must be positive");
        }
        Objects.requireNonNull(timeBudget, "timeBudget");
        if (timeBudget.isNegative() || timeBudget.isZero()) {
            throw new IllegalArgumentException("timeBudget must be positive");
        }
    }

    /** 1 MiB of text and two seconds. */
    public static AnalyzerSettings defaults() {
        return new AnalyzerSettings(1_048_576, Duration.ofSeconds(2));
    }
}
