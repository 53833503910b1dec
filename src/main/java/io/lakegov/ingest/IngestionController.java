package io.lakegov.ingest;

import java.net.URI;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Map;

import io.lakegov.history.HistorySource;
import io.lakegov.history.Sources;
import io.lakegov.usage.DetailHorizon;
import io.lakegov.usage.PageRequest;
import io.lakegov.web.ApiException;
import io.lakegov.web.ContractBounds;
import io.lakegov.web.PageResponse;
import io.lakegov.web.ProblemTypes;
import io.lakegov.web.RequiredRole;
import io.lakegov.web.Role;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.headers.Header;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import org.jspecify.annotations.Nullable;

import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@RestController
@RequiredRole(Role.OPERATOR)
@RequestMapping("/api/v1/ingestion")
@Tag(name = "Ingestion", description = "Runs that read the query history, backfills, re-analysis and status")
class IngestionController {

	private final IngestionService ingestion;

	private final IngestionStatusService status;

	private final SourceParameter sources;

	private final DetailHorizon horizon;

	IngestionController(IngestionService ingestion, IngestionStatusService status, SourceParameter sources,
			DetailHorizon horizon) {
		this.horizon = horizon;
		this.ingestion = ingestion;
		this.status = status;
		this.sources = sources;
	}

	@PostMapping("/runs")
	@ApiResponse(responseCode = "202", description = "The run started; Location names it, GET it to follow it",
			headers = @Header(name = "Location", description = "the run", schema = @Schema(type = "string", maxLength = 40)),
			content = @Content(mediaType = "application/json", schema = @Schema(implementation = IngestionRun.class)))
	@ApiResponse(responseCode = "409", description = "A run of the source is in progress; runId names it",
			content = @Content(mediaType = "application/problem+json", schema = @Schema(ref = "#/components/schemas/Problem")))
	@Operation(summary = "Start an ingestion run of a source now",
			description = "Reads the source's window from its watermark (less the overlap) to now. 409 when a run of "
					+ "the source is in progress.")
	ResponseEntity<IngestionRun> start(
			@Parameter(description = SourceParameter.DOC, example = "default") @RequestParam(required = false) @Size(max = Sources.NAME_LENGTH) @Pattern(regexp = Sources.NAME_PATTERN, message = Sources.NAME_MESSAGE) @Nullable String source) {
		HistorySource of = sources.resolve(source);
		return accepted(claimed(() -> ingestion.startIncremental(of, RunKind.MANUAL)));
	}

	@GetMapping("/runs")
	@Operation(summary = "List ingestion runs, newest first, of all sources or of one")
	PageResponse<IngestionRun> runs(@RequestParam(defaultValue = "0") @Min(0) @Max(PageRequest.MAX_PAGE) int page,
			@RequestParam(defaultValue = "50") @Min(1) @Max(1000) int size,
			@Parameter(description = "only the runs of this source (its lakegov.sources name)", example = "default") @RequestParam(required = false) @Size(max = Sources.NAME_LENGTH) @Pattern(regexp = Sources.NAME_PATTERN, message = Sources.NAME_MESSAGE) @Nullable String source) {
		String only = sources.filter(source);
		return PageResponse.of(ingestion.page(only, page, size), page, size, status.runCount(only));
	}

	@GetMapping("/runs/{id}")
	@Operation(summary = "One ingestion run")
	IngestionRun run(@PathVariable @Parameter(example = "42") @Min(1) @Max(Long.MAX_VALUE) long id) {
		return status.run(id).orElseThrow(() -> ApiException.notFound("No ingestion run " + id + "."));
	}

	/**
	 * A past window to read again.
	 *
	 * @param from start of the window on the source's update_time, inclusive
	 * @param to end of the window, exclusive
	 * @param source the source to read (its lakegov.sources name); may be omitted when only one is configured
	 */
	record BackfillRequest(
			@NotNull @Schema(example = "2026-01-01T00:00:00Z", maxLength = ContractBounds.DATE_TIME_LENGTH) OffsetDateTime from,
			@NotNull @Schema(example = "2026-02-01T00:00:00Z", maxLength = ContractBounds.DATE_TIME_LENGTH) OffsetDateTime to,
			@Nullable @Size(max = Sources.NAME_LENGTH) @Pattern(regexp = Sources.NAME_PATTERN, message = Sources.NAME_MESSAGE) @Schema(example = "default") String source) {
	}

	@PostMapping("/backfills")
	@ApiResponse(responseCode = "202", description = "The run started; Location names it, GET it to follow it",
			headers = @Header(name = "Location", description = "the run", schema = @Schema(type = "string", maxLength = 40)),
			content = @Content(mediaType = "application/json", schema = @Schema(implementation = IngestionRun.class)))
	@ApiResponse(responseCode = "409", description = "A run of the source is in progress; runId names it",
			content = @Content(mediaType = "application/problem+json", schema = @Schema(ref = "#/components/schemas/Problem")))
	@ApiResponse(responseCode = "404", description = "No source of query history has the name given as source",
			content = @Content(mediaType = "application/problem+json", schema = @Schema(ref = "#/components/schemas/Problem")))
	@Operation(summary = "Re-read a past window",
			description = "Idempotent: statements already stored are replaced only by newer versions. The watermark does not move. "
					+ "With detail retention, a window that ends before the first open business day is a 400.")
	ResponseEntity<IngestionRun> backfill(@Valid @RequestBody BackfillRequest request) {
		Instant from = ContractBounds.instant(request.from(), "from");
		Instant to = ContractBounds.instant(request.to(), "to");
		if (!from.isBefore(to)) {
			throw ApiException.badRequest("'from' must be before 'to'.");
		}
		HistorySource of = sources.resolve(request.source());
		horizon.refuseClosedWindow(to);
		return accepted(claimed(() -> ingestion.startBackfill(of, from, to)));
	}

	@PostMapping("/reanalysis")
	@ApiResponse(responseCode = "202", description = "The run started; Location names it, GET it to follow it",
			headers = @Header(name = "Location", description = "the run", schema = @Schema(type = "string", maxLength = 40)),
			content = @Content(mediaType = "application/json", schema = @Schema(implementation = IngestionRun.class)))
	@ApiResponse(responseCode = "409", description = "A run of the source is in progress; runId names it",
			content = @Content(mediaType = "application/problem+json", schema = @Schema(ref = "#/components/schemas/Problem")))
	@Operation(summary = "Re-derive the facts of a source's statements analysed by an older analyser version",
			description = "Works from the stored history; the source is not read.")
	ResponseEntity<IngestionRun> reanalyse(
			@Parameter(description = SourceParameter.DOC, example = "default") @RequestParam(required = false) @Size(max = Sources.NAME_LENGTH) @Pattern(regexp = Sources.NAME_PATTERN, message = Sources.NAME_MESSAGE) @Nullable String source) {
		HistorySource of = sources.resolve(source);
		return accepted(claimed(() -> ingestion.startReanalysis(of)));
	}

	@GetMapping("/status")
	@Operation(summary = "A source's watermark, lag behind now, last success and last failure")
	IngestionStatus status(
			@Parameter(description = SourceParameter.DOC, example = "default") @RequestParam(required = false) @Size(max = Sources.NAME_LENGTH) @Pattern(regexp = Sources.NAME_PATTERN, message = Sources.NAME_MESSAGE) @Nullable String source) {
		return status.current(sources.resolve(source));
	}

	@GetMapping("/sources")
	@Operation(summary = "The status of every enabled source, and the names of the disabled ones")
	IngestionSources sources() {
		return status.all();
	}

	private static IngestionRun claimed(java.util.function.Supplier<IngestionRun> start) {
		try {
			return start.get();
		}
		catch (IngestionRunRepository.RunInProgressException ex) {
			throw ex.runningId()
				.map(id -> new ApiException(HttpStatus.CONFLICT, ProblemTypes.CONFLICT, "Ingestion run " + id
						+ " of this source is in progress (GET /api/v1/ingestion/runs/" + id
						+ "); try again when it has finished.", Map.of("runId", id)))
				.orElseGet(() -> ApiException.conflict("An ingestion run of this source is already in progress; try "
						+ "again when it has finished."));
		}
	}

	private static ResponseEntity<IngestionRun> accepted(IngestionRun run) {
		return ResponseEntity.accepted().location(URI.create("/api/v1/ingestion/runs/" + run.id())).body(run);
	}

}
