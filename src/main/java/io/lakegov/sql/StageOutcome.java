package io.lakegov.sql;

/** The result of running the stages on one statement: facts and the stage that found them, or why none did. */
record StageOutcome(StatementFacts facts, String stage, String failure) {

    static StageOutcome found(StatementFacts facts, String stage) {
        return new StageOutcome(facts, stage, null);
    }

    static StageOutcome failed(String failure) {
        return new StageOutcome(null, "none", failure);
    }

    boolean succeeded() {
        return facts != null;
    }
}
