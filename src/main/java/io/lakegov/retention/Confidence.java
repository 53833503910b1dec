package io.lakegov.retention;

/** How much a proposal can be trusted; the rules are in {@link RetentionRules}. */
public enum Confidence {

	HIGH, MEDIUM, LOW

}
