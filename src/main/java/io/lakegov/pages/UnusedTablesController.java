package io.lakegov.pages;

import io.lakegov.reports.rankings.TableLists;
import io.lakegov.usage.DateRange;
import io.lakegov.usage.PageRequest;
import io.swagger.v3.oas.annotations.Hidden;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;

import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;

/**
 * The tables the lakehouse lists that nobody read in the last days, oldest last access first, those still
 * written marked; from the service the API's unused tables operation calls.
 */
@Controller
@Hidden
class UnusedTablesController {

	private final TableLists tables;

	UnusedTablesController(TableLists tables) {
		this.tables = tables;
	}

	@GetMapping("/unused")
	String unused(@RequestParam(defaultValue = "90") @Min(1) @Max(DateRange.MAX_DAYS) int days,
			@RequestParam(defaultValue = "0") @Min(0) @Max(PageRequest.MAX_PAGE) int page,
			@RequestParam(defaultValue = "" + Pager.DEFAULT_SIZE) @Min(1) @Max(PageRequest.MAX_SIZE) int size,
			Model model) {
		var unused = tables.unused(days, new PageRequest(page, size));
		model.addAttribute("days", days);
		model.addAttribute("unused", unused);
		model.addAttribute("pager", Pager.of(unused.tables(), "page"));
		// an empty list of an inventory never synced is no list of tables all read
		model.addAttribute("inventoryEmpty", unused.tables().totalItems() == 0 && tables.inventoryTables() == 0);
		return "unused/unused";
	}

}
