package io.lakegov.retention;

import java.util.Objects;

import io.lakegov.history.SourceAnswer;
import io.lakegov.history.SourceGap;

/**
 * How much of what an answer reads live from the source came back: the gap stated rather than a failed
 * request when the source lacks a table or a column, refuses its principal or does not answer in time.
 *
 * @param status AVAILABLE: every read answered (or was still cached); PARTIAL: some did not; UNAVAILABLE:
 * none did
 * @param reason why something is missing (the first gap); null when AVAILABLE
 * @param asked the reads the answer needed
 * @param unanswered how many of them gave nothing
 */
public record Availability(Status status, String reason, int asked, int unanswered) {

	/** How much came back. */
	public enum Status {

		AVAILABLE, PARTIAL, UNAVAILABLE

	}

	public Availability {
		Objects.requireNonNull(status, "status");
	}

	static Availability of(SourceAnswer<?> answer) {
		return answer instanceof SourceAnswer.Unanswered<?> unanswered ? new Tally().add(unanswered.gap()).result()
				: new Tally().add(null).result();
	}

	public boolean complete() {
		return status == Status.AVAILABLE;
	}

	/** Counts the reads of one answer. */
	static final class Tally {

		private int asked;

		private int unanswered;

		private String reason;

		/** One read: answered when {@code gap} is null. */
		synchronized Tally add(SourceGap gap) {
			asked++;
			if (gap != null) {
				unanswered++;
				if (reason == null) {
					reason = gap.reason();
				}
			}
			return this;
		}

		synchronized Availability result() {
			Status status = unanswered == 0 ? Status.AVAILABLE
					: unanswered == asked ? Status.UNAVAILABLE : Status.PARTIAL;
			return new Availability(status, reason, asked, unanswered);
		}

	}

}
