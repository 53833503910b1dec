package io.lakegov.feed.datahub;

import java.time.Instant;
import java.time.LocalDate;

import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

/**
 * Where the push of usage to DataHub's GMS stands.
 *
 * @param pushing whether usage is pushed ({@code lakegov.datahub.gms-url} is set)
 * @param gms GMS's scheme, host and port, null when not pushing
 * @param lastPushedDay the latest business day pushed whole
 * @param pendingDays closed days not pushed yet (a day whose push failed among them)
 * @param proposalsPushed proposals GMS accepted for the days pushed whole
 * @param failingDay the day whose last try failed, null when none is failing
 * @param lastError why that try failed
 * @param lastAttemptAt when it was tried
 * @param nextAttemptAt when it is tried again
 */
public record PushStatus(boolean pushing, @Schema(maxLength = 300, nullable = true) @Nullable String gms,
		@Schema(format = "date", maxLength = 10, nullable = true) @Nullable LocalDate lastPushedDay,
		@Schema(minimum = "0") long pendingDays, @Schema(minimum = "0") long proposalsPushed,
		@Schema(format = "date", maxLength = 10, nullable = true) @Nullable LocalDate failingDay,
		@Schema(maxLength = 1000, nullable = true) @Nullable String lastError, @Nullable Instant lastAttemptAt,
		@Nullable Instant nextAttemptAt) {

	/** What the store says about the days. */
	record Days(@Nullable LocalDate lastPushedDay, long pendingDays, long proposalsPushed, @Nullable LocalDate failingDay,
			@Nullable String lastError, @Nullable Instant lastAttemptAt, @Nullable Instant nextAttemptAt) {
	}

}
