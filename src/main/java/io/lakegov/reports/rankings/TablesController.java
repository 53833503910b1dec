package io.lakegov.reports.rankings;

import io.lakegov.usage.DateRange;
import io.lakegov.usage.PageRequest;
import io.lakegov.web.PageResponse;
import io.lakegov.web.RequiredRole;
import io.lakegov.web.Role;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Size;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** The tables lakegov knows, and the ones nobody reads. */
@RestController
@RequiredRole(Role.VIEWER)
@RequestMapping("/api/v1/tables")
@Tag(name = "Tables", description = "Tables seen in usage or in the lakehouse inventory, and unused tables")
class TablesController {

	private final TableLists tables;

	TablesController(TableLists tables) {
		this.tables = tables;
	}

	@GetMapping
	@Operation(summary = "Tables seen in usage facts or the inventory, by name, with their last read and last write")
	PageResponse<TableEntry> tables(
			@Parameter(description = "only names starting with this (case-insensitive)", example = "main.sales.") @RequestParam(defaultValue = "") @Size(max = 765) String prefix,
			@Parameter(description = "page number, from 0") @RequestParam(defaultValue = "0") @Min(0) @Max(PageRequest.MAX_PAGE) int page,
			@Parameter(description = "rows per page, 1 to 1000") @RequestParam(defaultValue = "50") @Min(1) @Max(PageRequest.MAX_SIZE) int size) {
		return tables.startingWith(prefix, new PageRequest(page, size));
	}

	@GetMapping("/unused")
	@Operation(summary = "Tables present in the lakehouse inventory with no read in the last days, neither directly nor "
			+ "through a view, oldest last access first; writtenInWindow flags the ones still written")
	UnusedTables unused(
			@Parameter(description = "the window: business days up to today, included", example = "90") @RequestParam(defaultValue = "90") @Min(1) @Max(DateRange.MAX_DAYS) int days,
			@Parameter(description = "page number, from 0") @RequestParam(defaultValue = "0") @Min(0) @Max(PageRequest.MAX_PAGE) int page,
			@Parameter(description = "rows per page, 1 to 1000") @RequestParam(defaultValue = "50") @Min(1) @Max(PageRequest.MAX_SIZE) int size) {
		return tables.unused(days, new PageRequest(page, size));
	}

}
