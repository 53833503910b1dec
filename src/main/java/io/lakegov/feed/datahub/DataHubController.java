package io.lakegov.feed.datahub;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

import io.lakegov.feed.DailyUsage;
import io.lakegov.feed.FeedPosition;
import io.lakegov.feed.FeedWindows;
import io.lakegov.feed.TableDay;
import io.lakegov.usage.DateRange;
import io.lakegov.web.ApiException;
import io.lakegov.web.RequiredRole;
import io.lakegov.web.Role;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.validation.constraints.Size;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** Usage as DataHub reads it: a file for {@code datahub ingest}, and where the push to GMS stands. */
@RestController
@RequiredRole(Role.VIEWER)
@RequestMapping("/api/v1/datahub")
@Tag(name = "DataHub", description = "Usage as DataHub's datasetUsageStatistics, for its file source or pushed to GMS")
class DataHubController {

	/** The most proposals one file holds: a year of 27,000 used tables a day. */
	static final int MAX_PROPOSALS = 10_000_000;

	private final FeedWindows windows;

	private final DailyUsage usage;

	private final UsageProposals proposals;

	private final PushRepository pushes;

	private final DataHubProperties properties;

	private final JsonMapper json = JsonMapper.builder().build();

	DataHubController(FeedWindows windows, DailyUsage usage, UsageProposals proposals, PushRepository pushes,
			DataHubProperties properties) {
		this.windows = windows;
		this.usage = usage;
		this.proposals = proposals;
		this.pushes = pushes;
		this.properties = properties;
	}

	@GetMapping(value = "/usage", produces = MediaType.APPLICATION_JSON_VALUE)
	@Operation(operationId = "dataHubUsage", summary = "Every table's daily usage as DataHub datasetUsageStatistics proposals, "
			+ "a file DataHub's file source ingests",
			description = "A JSON array of MetadataChangeProposals, one per (business day, table) with usage in the window, "
					+ "ordered by day and table, streamed as it is read: save it and run `datahub ingest` with a `file` "
					+ "source on it. Dataset URNs are those DataHub's Unity Catalog source gives the tables (platform "
					+ "databricks, lakegov.datahub.platform-instance and env; spark_catalog as hive_metastore); Databricks' "
					+ "system catalog and information_schema, tables read by storage path and names lakegov could not "
					+ "complete are left out. Query texts are the redacted ones, never raw texts. A window of more than "
					+ MAX_PROPOSALS + " (day, table) pairs is refused (400): ask for fewer days at a time.")
	@ApiResponse(responseCode = "200", description = "The proposals", content = @Content(mediaType = "application/json",
			array = @ArraySchema(maxItems = MAX_PROPOSALS, schema = @Schema(implementation = UsageProposal.class))))
	void usage(
			@Parameter(description = FeedWindows.FROM_DOC, example = "2026-03-01", schema = @Schema(type = "string", format = "date", maxLength = 10, pattern = FeedWindows.DATE_PATTERN)) @RequestParam(required = false) @Nullable @Size(max = 10) String from,
			@Parameter(description = FeedWindows.TO_DOC, example = "2026-03-30", schema = @Schema(type = "string", format = "date", maxLength = 10, pattern = FeedWindows.DATE_PATTERN)) @RequestParam(required = false) @Nullable @Size(max = 10) String to,
			HttpServletResponse response) throws IOException {
		DateRange window = windows.window(from, to);
		if (usage.exceeds(window, MAX_PROPOSALS)) {
			// refused before the first byte: a file cut short would look whole to DataHub's file source
			throw ApiException.badRequest("From " + window.from() + " to " + window.to() + " the store holds more than "
					+ MAX_PROPOSALS + " (day, table) pairs, more than one file holds; ask for fewer days at a time.");
		}
		// written on the request's own thread as the feed is read: no buffering of the whole file, and no second
		// (asynchronous) dispatch of the request
		response.setStatus(200);
		response.setContentType(MediaType.APPLICATION_JSON_VALUE);
		response.setCharacterEncoding(StandardCharsets.UTF_8.name());
		response.setHeader("Content-Disposition",
				"attachment; filename=\"lakegov-usage-" + window.from() + "-" + window.to() + ".json\"");
		write(window, response.getOutputStream());
	}

	/** One proposal a line inside one JSON array, page after page of the feed. */
	private void write(DateRange window, OutputStream out) throws IOException {
		out.write('[');
		long written = 0;
		FeedPosition after = FeedPosition.before(window.from());
		while (after != null && written < MAX_PROPOSALS) {
			DailyUsage.Page page = usage.page(window, after, DailyUsage.MAX_SIZE);
			for (TableDay entry : page.items()) {
				Optional<UsageProposal> proposal = proposals.of(entry);
				if (proposal.isEmpty() || written >= MAX_PROPOSALS) {
					continue;
				}
				out.write((written == 0 ? "\n" : ",\n").getBytes(StandardCharsets.UTF_8));
				out.write(json.writeValueAsBytes(proposal.get()));
				written++;
			}
			out.flush();
			after = page.next();
		}
		out.write("\n]\n".getBytes(StandardCharsets.UTF_8));
		out.flush();
	}

	@GetMapping("/status")
	@Operation(operationId = "dataHubPushStatus", summary = "Where the push of usage to DataHub GMS stands",
			description = "The latest day pushed whole, the closed days still to push, and the last failure with when the "
					+ "day is tried again.")
	PushStatus status() {
		var days = pushes.status();
		var gms = properties.gms();
		String shown = gms == null ? null
				: gms.getScheme() + "://" + gms.getHost() + (gms.getPort() < 0 ? "" : ":" + gms.getPort());
		return new PushStatus(properties.pushes(), shown, days.lastPushedDay(), days.pendingDays(), days.proposalsPushed(),
				days.failingDay(), days.lastError(), days.lastAttemptAt(), days.nextAttemptAt());
	}

}
