package io.lakegov.watch;

import java.net.URI;
import java.util.List;

import io.lakegov.usage.PageRequest;
import io.lakegov.web.Callers;
import io.lakegov.web.PageResponse;
import io.lakegov.web.RequiredRole;
import io.lakegov.web.Role;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;

import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/** Watches: operators and admins create and delete them, anyone lists them and their deliveries. */
@RestController
@RequestMapping("/api/v1/watches")
@Tag(name = "Watches", description = "Webhooks told when a table gains a reader or writer, a deprecated table is "
		+ "read, a watched table is dropped, or ingestion goes down")
class WatchController {

	private final WatchService watches;

	WatchController(WatchService watches) {
		this.watches = watches;
	}

	@PostMapping
	@RequiredRole(Role.OPERATOR)
	@ApiResponse(responseCode = "201", description = "The watch, with its signing secret; Location names it",
			content = @Content(mediaType = "application/json", schema = @Schema(implementation = Watch.class)))
	@ApiResponse(responseCode = "409", description = "lakegov keeps as many watches as it may (1000)",
			content = @Content(mediaType = "application/problem+json", schema = @Schema(ref = "#/components/schemas/Problem")))
	@Operation(summary = "Create a watch; the answer holds its signing secret, shown this once",
			description = "400 for a table pattern that is not catalog.schema.table (each part a name or *), an "
					+ "unknown event, tables for a watch of no table event, or a webhook URL that is not https or "
					+ "resolves to a loopback, link-local, private or metadata address. 409 past 1000 watches.")
	@ResponseStatus(HttpStatus.CREATED)
	ResponseEntity<Watch> createWatch(@RequestBody WatchRequest request) {
		Watch created = watches.create(request, Callers.name());
		return ResponseEntity.created(URI.create("/api/v1/watches/" + created.id())).body(created);
	}

	@GetMapping
	@RequiredRole(Role.VIEWER)
	@Operation(summary = "List the watches, oldest first, with their secrets and webhook tokens masked")
	List<Watch> listWatches() {
		return watches.list();
	}

	@GetMapping("/{id}")
	@RequiredRole(Role.VIEWER)
	@Operation(summary = "One watch, with its secret and webhook token masked")
	Watch getWatch(@PathVariable @Parameter(example = "1") @Min(1) @Max(Long.MAX_VALUE) long id) {
		return watches.get(id);
	}

	@DeleteMapping("/{id}")
	@RequiredRole(Role.OPERATOR)
	@Operation(summary = "Delete a watch with its events and their deliveries")
	@ResponseStatus(HttpStatus.NO_CONTENT)
	void deleteWatch(@PathVariable @Parameter(example = "1") @Min(1) @Max(Long.MAX_VALUE) long id) {
		watches.delete(id);
	}

	@GetMapping("/{id}/deliveries")
	@RequiredRole(Role.VIEWER)
	@Operation(summary = "The watch's delivery attempts, newest first, with outcome and response code")
	PageResponse<Delivery> watchDeliveries(@PathVariable @Parameter(example = "1") @Min(1) @Max(Long.MAX_VALUE) long id,
			@Parameter(description = "page number, from 0") @RequestParam(defaultValue = "0") @Min(0) @Max(PageRequest.MAX_PAGE) int page,
			@Parameter(description = "rows per page, 1 to 1000") @RequestParam(defaultValue = "50") @Min(1) @Max(PageRequest.MAX_SIZE) int size) {
		return watches.deliveries(id, new PageRequest(page, size));
	}

	@PostMapping("/{id}/test")
	@RequiredRole(Role.OPERATOR)
	@Operation(summary = "Send a sample event to the watch's webhook now, once, and answer how it went")
	Delivery testWatch(@PathVariable @Parameter(example = "1") @Min(1) @Max(Long.MAX_VALUE) long id) {
		return watches.test(id);
	}

}
