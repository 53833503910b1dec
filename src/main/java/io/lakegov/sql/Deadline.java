package io.lakegov.sql;

/** The wall-clock point by which one {@code analyze} call must finish. */
final class Deadline {

    private final long deadlineNanos;

    Deadline(long budgetNanos) {
        this.deadlineNanos = System.nanoTime() + budgetNanos;
    }

    boolean expired() {
        return System.nanoTime() - deadlineNanos > 0;
    }
}
