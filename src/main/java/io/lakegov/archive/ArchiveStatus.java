package io.lakegov.archive;

import java.time.Instant;
import java.time.LocalDate;
import java.util.List;

import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

/**
 * Where the lakehouse archive stands.
 *
 * @param enabled whether statements are archived ({@code lakegov.archive.enabled})
 * @param sources each source's archive, by source name
 * @param detail where per-statement detail starts in the store (detail retention); null when the store keeps
 * all of it
 */
public record ArchiveStatus(boolean enabled,
		@ArraySchema(maxItems = 1000, schema = @Schema(implementation = SourceArchive.class)) List<SourceArchive> sources,
		@Nullable Detail detail) {

	/**
	 * Detail retention ({@code lakegov.store.detail-retention}): the business days before {@code closedBefore}
	 * are closed. Their statements' detail left the store once the archive held it; their rollups stay exact and
	 * no longer change.
	 *
	 * @param retentionDays how many days of detail the store keeps
	 * @param closedBefore the first business day whose detail the store holds whole; null until the horizon
	 * first moves (the archive must exist for every source first)
	 * @param statementsShed statements whose detail left the store, in all
	 * @param factsShed table facts that left with them
	 * @param columnFactsShed column facts that left with them
	 * @param statementsHeld statements of closed days still in the store after the last pass: queued for the
	 * archive and not written yet, or kept for the view graph and the retention proposals' evidence
	 * @param lastShedAt when detail last left the store
	 */
	public record Detail(@Schema(minimum = "1") long retentionDays, @Nullable LocalDate closedBefore,
			@Schema(minimum = "0") long statementsShed, @Schema(minimum = "0") long factsShed,
			@Schema(minimum = "0") long columnFactsShed, @Schema(minimum = "0") long statementsHeld,
			@Nullable Instant lastShedAt) {
	}

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
	 * @param setAside statements the warehouse refused alone while it took others: still queued (and kept in the
	 * store), tried again alone every {@code lakegov.archive.retry-max}; the service log names each with the
	 * warehouse's refusal
	 */
	public record SourceArchive(@Schema(maxLength = 63) String source, @Schema(maxLength = 511) String schema,
			State state, @Schema(minimum = "0", maximum = "1000") int schemaVersion,
			@Schema(minimum = "0", maximum = "1000") int latestSchemaVersion, @Schema(minimum = "0") long backlog,
			Instant oldestQueuedAt, Instant lastWrittenAt, @Schema(minimum = "0") long statementsWritten,
			@Schema(minimum = "0") int failures, @Schema(maxLength = 2000) String lastError, Instant lastErrorAt,
			Instant nextAttemptAt, @Schema(minimum = "0") long setAside) {
	}

}
