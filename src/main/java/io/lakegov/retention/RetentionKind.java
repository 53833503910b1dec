package io.lakegov.retention;

/** What a proposal asks for. */
public enum RetentionKind {

	/** Keep history longer: people reach (or tried to reach) further back than the settings keep. */
	RAISE,

	/** Keep less history: nobody reaches as far back as the settings keep. */
	LOWER,

	/** Nobody read the table in the whole lookback: review whether it is needed at all. */
	REVIEW_UNUSED

}
