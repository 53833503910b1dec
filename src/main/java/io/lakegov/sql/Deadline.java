package io.lakegov.sql;

/** The wall-clock point by which one {@code analyze} call must finish. */
public final class Deadline {

    private final long deadlineNanos;
    private int ticks;

    Deadline(long budgetNanos) {
        this.deadlineNanos = System.nanoTime() + budgetNanos;
    }

    public boolean expired() {
        return System.nanoTime() - deadlineNanos > 0;
    }

    /**
     * Called by the grammars on every rule they enter; reads the clock only every 256th time, which keeps the
     * check cheap enough to leave on while still stopping a runaway parse within microseconds.
     */
    public void tick() {
        if ((++ticks & 0xFF) == 0 && expired()) {
            throw new GrammarFailure("time budget exceeded");
        }
    }

    /** Nanoseconds left, zero when the deadline has passed. */
    public long remainingNanos() {
        return Math.max(0, deadlineNanos - System.nanoTime());
    }
}
