package io.lakegov.retention;

import io.lakegov.web.RateLimited;
import io.lakegov.web.RequiredRole;
import io.lakegov.web.Role;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Size;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@RestController
@RequiredRole(Role.VIEWER)
@RequestMapping("/api/v1")
@Tag(name = "Retention", description = "How far back people really time-travel, and the retention settings that fit")
class RetentionController {

	private final RetentionService retention;

	RetentionController(RetentionService retention) {
		this.retention = retention;
	}

	@GetMapping("/retention/proposals")
	@RateLimited
	@Operation(summary = "Retention proposals for every table with evidence",
			description = "RAISE, LOWER and REVIEW_UNUSED proposals with the ready-to-run SQL, the evidence and a "
					+ "confidence; RAISE first, higher confidence first. Computed on request, reused for a minute. "
					+ "What the source does not give in time (lakegov.source.request-timeout), or lacks, or refuses, "
					+ "is left out and said so in inventory and metadata.")
	ProposalPage retentionProposals(
			@RequestParam(required = false) @Parameter(description = "only proposals of this kind", example = "RAISE",
					schema = @Schema(allowableValues = { "RAISE", "LOWER", "REVIEW_UNUSED" })) String kind,
			@RequestParam(defaultValue = "0") @Min(0) @Max(100_000) @Parameter(example = "0") int page,
			@RequestParam(defaultValue = "50") @Min(1) @Max(500) @Parameter(example = "50") int size) {
		return retention.page(kind, page, size);
	}

	/** Three parts of at most 255 characters (Unity Catalog's limit), quoted, every character doubled. */
	static final int MAX_TABLE = 3 * (2 + 2 * 255) + 2;

	@GetMapping("/tables/{table}/retention")
	@RateLimited
	@Operation(summary = "One table's time-travel evidence, retention settings and proposals",
			description = "A table lakegov knows nothing about answers with empty evidence and no proposal. What the "
					+ "source does not give in time, or lacks, or refuses, is said so in inventory and metadata.")
	TableRetention tableRetention(@PathVariable @Parameter(description = "catalog.schema.table, case-insensitive; "
			+ "parts may be quoted with backticks; a partial name is completed when it matches exactly one known table", example = "main.bronze.sales_transactions") @Size(min = 1, max = MAX_TABLE) String table) {
		return retention.table(table);
	}

}
