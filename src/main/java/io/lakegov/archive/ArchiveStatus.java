package io.lakegov.archive;

import java.time.Instant;
import java.util.List;

import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;

/**
 * Where the lakehouse archive stands.
 *
 * @param enabled whether statements are archived ({@code lakegov.archive.enabled})
 * @param sources each source's archive, by source name
 */
public record ArchiveStatus(boolean enabled,
		@ArraySchema(maxItems = 1000, schema = @Schema(implementation = SourceArchive.class)) List<SourceArchive> sources) {

	/** The state of an archive: up to date, writing a backlog, or paused after a failure. */
	public enum State {

		/** Nothing is waiting to be written. */
		CURRENT,
		/** Statements wait and the archiver writes them. */
		BEHIND,
		/** The last attempt failed; the archive waits until {@code nextAttemptAt}, ingestion goes on. */
		PAUSED

	}

	/**
	 * One source's archive.
	 *
	 * @param source the source of query history
	 * @param schema the {@code catalog.schema} its archive is written to
	 * @param state CURRENT, BEHIND or PAUSED
	 * @param schemaVersion the archive schema version the tables have
	 * @param latestSchemaVersion the version this lakegov brings them to
	 * @param backlog statements queued and not yet written
	 * @param oldestQueuedAt when the oldest of them was queued
	 * @param lastWrittenAt when a batch was last written
	 * @param statementsWritten statements written since the archive was registered (each change counts)
	 * @param failures failed attempts in a row
	 * @param lastError the last failure, without credentials; null once writing works again
	 * @param lastErrorAt when it happened
	 * @param nextAttemptAt when the archiver tries again
	 */
	public record SourceArchive(@Schema(maxLength = 63) String source, @Schema(maxLength = 511) String schema,
			State state, @Schema(minimum = "0", maximum = "1000") int schemaVersion,
			@Schema(minimum = "0", maximum = "1000") int latestSchemaVersion, @Schema(minimum = "0") long backlog,
			Instant oldestQueuedAt, Instant lastWrittenAt, @Schema(minimum = "0") long statementsWritten,
			@Schema(minimum = "0") int failures, @Schema(maxLength = 2000) String lastError, Instant lastErrorAt,
			Instant nextAttemptAt) {
	}

}
