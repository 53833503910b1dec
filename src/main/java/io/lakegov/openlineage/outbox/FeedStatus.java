package io.lakegov.openlineage.outbox;

import java.time.Instant;
import java.util.List;

import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

/**
 * Where the OpenLineage feed stands.
 *
 * @param enabled whether the feed is on ({@code lakegov.openlineage.url} is set)
 * @param target where events are posted (the consumer's URL and endpoint); null when off
 * @param backlog events recorded and not sent yet, of all sources
 * @param sources each source's standing, in configuration order
 */
@Schema(name = "OpenLineageStatus")
public record FeedStatus(boolean enabled, @Schema(maxLength = 2100) @Nullable String target, long backlog,
		@ArraySchema(maxItems = 100) List<Source> sources) {

	/**
	 * One source's feed.
	 *
	 * @param source the source's name
	 * @param workspaceHost the Databricks workspace host its datasets are named after; null when none is set
	 * @param backlog its events not sent yet
	 * @param oldestPendingSince when the oldest of them was recorded
	 * @param lastStatementId the statement whose event was accepted last: the cursor
	 * @param lastEventTime that event's time
	 * @param lastSentAt when it was accepted
	 * @param sent events accepted so far
	 * @param rejected events the consumer refused as malformed (not sent again unless re-emitted)
	 * @param failures failed attempts in a row (0 after a success)
	 * @param lastError the last failure or refusal, as the consumer gave it
	 * @param lastErrorAt when
	 * @param nextAttemptAt when the sender tries again after a failure
	 */
	@Schema(name = "OpenLineageSourceStatus")
	public record Source(@Schema(maxLength = 63) String source, @Schema(maxLength = 300) @Nullable String workspaceHost,
			long backlog, @Nullable Instant oldestPendingSince, @Schema(maxLength = 1000) @Nullable String lastStatementId,
			@Nullable Instant lastEventTime, @Nullable Instant lastSentAt, long sent, long rejected, int failures,
			@Schema(maxLength = 2000) @Nullable String lastError, @Nullable Instant lastErrorAt,
			@Nullable Instant nextAttemptAt) {
	}

}
