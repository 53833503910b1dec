package io.lakegov.watch;

import io.lakegov.catalog.Deprecation;
import io.lakegov.usage.ResolvedTable;
import io.lakegov.usage.TableRef;
import io.lakegov.usage.TableResolver;
import io.lakegov.web.ApiException;
import io.lakegov.web.Callers;
import io.lakegov.web.RequiredRole;
import io.lakegov.web.Role;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/**
 * A table's mark for removal: operators set and take it off, anyone reads it. Watches that want
 * DEPRECATED_READ hear of every reader of a marked table after the mark, once a day; the impact report shows it.
 */
@RestController
@RequestMapping("/api/v1/tables/{table}/deprecation")
@Tag(name = "Watches")
class DeprecationController {

	private static final String TABLE_DOC = "catalog.schema.table, case-insensitive, backticks allowed; a partial "
			+ "name is completed when it matches exactly one known table" + TableRef.PATH_DOC;

	private final TableResolver resolver;

	private final TableDeprecations deprecations;

	DeprecationController(TableResolver resolver, TableDeprecations deprecations) {
		this.resolver = resolver;
		this.deprecations = deprecations;
	}

	@PutMapping
	@RequiredRole(Role.OPERATOR)
	@Operation(summary = "Mark a table for removal on a planned date, with a note; on a marked table, changes the "
			+ "date and note and keeps when and by whom it was marked")
	Deprecation markDeprecated(@Parameter(description = TABLE_DOC, example = "main.sales.orders_old") @PathVariable @Size(min = 1, max = TableRef.MAX_TEXT) @Pattern(regexp = TableRef.PATTERN, message = TableRef.PATTERN_MESSAGE) String table,
			@RequestBody DeprecationRequest request) {
		ResolvedTable resolved = resolver.resolve(table);
		String name = resolved.name();
		// a partial name that completed to no known table would be kept as it is and match no table's reads
		if (!resolved.seen() && !TableRef.parse(table).complete() && !TableRef.isPath(name)) {
			throw ApiException.badRequest("No known table is named '" + TableRef.written(name)
					+ "' in its last parts: give the full catalog.schema.table name of the table to mark.");
		}
		return deprecations.mark(name, request, Callers.name());
	}

	@GetMapping
	@RequiredRole(Role.VIEWER)
	@Operation(summary = "The table's mark for removal; 404 when it has none")
	@ApiResponse(responseCode = "200", description = "The table's mark for removal",
			content = @Content(mediaType = "application/json", schema = @Schema(implementation = Deprecation.class)))
	@ApiResponse(responseCode = "404", description = "The table is not marked for removal",
			content = @Content(mediaType = "application/problem+json", schema = @Schema(ref = "#/components/schemas/Problem")))
	Deprecation getDeprecation(@Parameter(description = TABLE_DOC, example = "main.sales.orders_old") @PathVariable @Size(min = 1, max = TableRef.MAX_TEXT) @Pattern(regexp = TableRef.PATTERN, message = TableRef.PATTERN_MESSAGE) String table) {
		String name = resolver.resolve(table).name();
		return deprecations.of(name).orElseThrow(() -> ApiException.notFound(name + " is not marked for removal"));
	}

	@DeleteMapping
	@RequiredRole(Role.OPERATOR)
	@Operation(summary = "Take the table's mark for removal off")
	@ApiResponse(responseCode = "404", description = "The table is not marked for removal",
			content = @Content(mediaType = "application/problem+json", schema = @Schema(ref = "#/components/schemas/Problem")))
	@ResponseStatus(HttpStatus.NO_CONTENT)
	void unmarkDeprecated(@Parameter(description = TABLE_DOC, example = "main.sales.orders_old") @PathVariable @Size(min = 1, max = TableRef.MAX_TEXT) @Pattern(regexp = TableRef.PATTERN, message = TableRef.PATTERN_MESSAGE) String table) {
		deprecations.unmark(resolver.resolve(table).name());
	}

}
