package io.lakegov.sql;

/** A grammar rejected a statement, or gave up on it (time budget, stack depth). Carries only a message. */
public final class GrammarFailure extends RuntimeException {

    public GrammarFailure(String message) {
        super(message, null, false, false);
    }
}
