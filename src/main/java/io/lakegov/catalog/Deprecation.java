package io.lakegov.catalog;

import java.time.Instant;
import java.time.LocalDate;
import java.util.Objects;

/**
 * A table announced for removal: reads after {@code markedAt} are worth telling its owner about.
 *
 * @param table the table's full name
 * @param plannedDate the day it is planned to be dropped
 * @param note why, or what to use instead
 * @param markedAt when it was marked
 * @param markedBy who marked it (the API key's id or the token's subject)
 */
public record Deprecation(String table, LocalDate plannedDate, String note, Instant markedAt, String markedBy) {

	/** Longer notes are refused: a note is a sentence or two, not a document. */
	public static final int MAX_NOTE = 1000;

	public Deprecation {
		Objects.requireNonNull(table, "table");
		Objects.requireNonNull(plannedDate, "plannedDate");
		Objects.requireNonNull(markedAt, "markedAt");
		Objects.requireNonNull(markedBy, "markedBy");
		note = note == null ? "" : note.strip();
		if (note.length() > MAX_NOTE) {
			throw new IllegalArgumentException("the note has more than " + MAX_NOTE + " characters");
		}
	}

}
