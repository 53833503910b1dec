package io.lakegov.openlineage;

import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;

import io.lakegov.history.Sources;
import io.lakegov.openlineage.outbox.FeedService;
import io.lakegov.openlineage.outbox.FeedStatus;
import io.lakegov.web.ApiException;
import io.lakegov.web.ContractBounds;
import io.lakegov.web.RequiredRole;
import io.lakegov.web.Role;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import org.jspecify.annotations.Nullable;

import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/** The OpenLineage feed: where it stands, and re-emitting a past time range. */
@RestController
@RequiredRole(Role.OPERATOR)
@RequestMapping("/api/v1/openlineage")
@Tag(name = "OpenLineage", description = "The feed of OpenLineage run events, one per finished statement that "
		+ "touched a table, to a consumer such as Marquez, OpenMetadata or DataHub")
class OpenLineageController {

	private final FeedService feed;

	private final OpenLineageProperties properties;

	private final Sources sources;

	OpenLineageController(FeedService feed, OpenLineageProperties properties, Sources sources) {
		this.feed = feed;
		this.properties = properties;
		this.sources = sources;
	}

	@GetMapping("/status")
	@Operation(operationId = "openLineageStatus", summary = "Where the OpenLineage feed stands",
			description = "Per source: the backlog, the last statement whose event the consumer accepted (the cursor), "
					+ "events sent and refused, the last error and when the sender tries again.")
	FeedStatus status() {
		return feed.status();
	}

	/**
	 * A time range whose events are sent again.
	 *
	 * @param from start of the range on the statements' start time, inclusive
	 * @param to end of the range, exclusive
	 * @param source only this source's statements (its lakegov.sources name); all sources when omitted
	 */
	@Schema(name = "OpenLineageBackfillRequest")
	record BackfillRequest(@NotNull @Schema(example = "2026-01-01T00:00:00Z", maxLength = ContractBounds.DATE_TIME_LENGTH) OffsetDateTime from,
			@NotNull @Schema(example = "2026-01-08T00:00:00Z", maxLength = ContractBounds.DATE_TIME_LENGTH) OffsetDateTime to,
			@Nullable @Size(max = Sources.NAME_LENGTH) @Pattern(regexp = Sources.NAME_PATTERN, message = Sources.NAME_MESSAGE) @Schema(example = "default") String source) {
	}

	/**
	 * What a backfill made pending.
	 *
	 * @param events events pending again (or for the first time)
	 */
	@Schema(name = "OpenLineageBackfill")
	record Backfill(Instant from, Instant to, @ArraySchema(maxItems = 100, schema = @Schema(maxLength = 63)) List<String> sources,
			long events) {
	}

	@PostMapping("/backfills")
	@ApiResponse(responseCode = "202", description = "The range's events are pending; the status shows them leave",
			content = @Content(mediaType = "application/json", schema = @Schema(implementation = Backfill.class)))
	@ApiResponse(responseCode = "409", description = "The feed is off (lakegov.openlineage.url is not set)",
			content = @Content(mediaType = "application/problem+json",
					schema = @Schema(ref = "#/components/schemas/Problem")))
	@Operation(operationId = "openLineageBackfill", summary = "Send the events of a past time range again",
			description = "Every finished statement that started in [from, to) and read or wrote a table gets its event "
					+ "sent again, after those already waiting, with the same run id as before (consumers replace the "
					+ "run). The range is at most lakegov.openlineage.max-backfill (31 days by default); 400 for an "
					+ "empty or longer range or an unknown source, 409 when the feed is off.")
	ResponseEntity<Backfill> backfill(@Valid @RequestBody BackfillRequest request) {
		if (!properties.enabled()) {
			throw ApiException.conflict("The OpenLineage feed is off: set lakegov.openlineage.url.");
		}
		Instant from = ContractBounds.instant(request.from(), "from");
		Instant to = ContractBounds.instant(request.to(), "to");
		if (!from.isBefore(to)) {
			throw ApiException.badRequest("'from' must be before 'to'.");
		}
		if (Duration.between(from, to).compareTo(properties.maxBackfill()) > 0) {
			Duration most = properties.maxBackfill();
			throw ApiException.badRequest("A backfill covers at most " + (most.toHours() % 24 == 0 ? most.toDays()
					+ " days" : most.toHours() + " hours") + " (lakegov.openlineage.max-backfill); split the range.");
		}
		List<String> of = new ArrayList<>();
		if (request.source() == null) {
			of.addAll(sources.names());
			of.addAll(sources.disabled());
			of.removeIf(name -> properties.hostOf(name) == null);
		}
		else if (!sources.names().contains(request.source()) && !sources.disabled().contains(request.source())) {
			throw ApiException.badRequest("Unknown source '" + request.source() + "': one of " + sources.names() + ".");
		}
		else if (properties.hostOf(request.source()) == null) {
			throw ApiException.badRequest("Source '" + request.source() + "' has no workspace host "
					+ "(lakegov.openlineage.workspace-hosts." + request.source() + ").");
		}
		else {
			of.add(request.source());
		}
		int events = feed.backfill(of, from, to);
		return ResponseEntity.accepted()
			.location(URI.create("/api/v1/openlineage/status"))
			.body(new Backfill(from, to, of, events));
	}

}
