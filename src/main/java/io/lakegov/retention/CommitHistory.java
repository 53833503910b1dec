package io.lakegov.retention;

import java.time.Instant;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/** A table's commits as {@code DESCRIBE HISTORY} lists them: version and commit time, compactly. */
final class CommitHistory {

	static final CommitHistory EMPTY = new CommitHistory(List.of());

	/** One commit. */
	record Commit(long version, Instant timestamp) {
	}

	private final long[] versions;

	private final long[] epochMillis;

	CommitHistory(List<Commit> commits) {
		Commit[] sorted = commits.toArray(Commit[]::new);
		Arrays.sort(sorted, Comparator.comparingLong(Commit::version));
		versions = new long[sorted.length];
		epochMillis = new long[sorted.length];
		for (int i = 0; i < sorted.length; i++) {
			versions[i] = sorted[i].version();
			epochMillis[i] = sorted[i].timestamp().toEpochMilli();
		}
	}

	/** When the version was committed; empty when the history no longer (or not yet) lists it. */
	Optional<Instant> committedAt(long version) {
		int at = Arrays.binarySearch(versions, version);
		return at < 0 ? Optional.empty() : Optional.of(Instant.ofEpochMilli(epochMillis[at]));
	}

	int size() {
		return versions.length;
	}

}
