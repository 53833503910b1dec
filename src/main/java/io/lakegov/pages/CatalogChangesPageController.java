package io.lakegov.pages;

import java.util.List;

import io.lakegov.impact.CatalogChangeLog;
import io.lakegov.usage.BusinessDates;
import io.lakegov.usage.PageRequest;
import io.swagger.v3.oas.annotations.Hidden;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Pattern;
import org.jspecify.annotations.Nullable;

import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;

/**
 * What the lakehouse's list of tables gained and lost over the days picked: tables that appeared, vanished or
 * were renamed, newest first; from the service the API's catalog changes operation calls.
 */
@Controller
@Hidden
class CatalogChangesPageController {

	private final CatalogChangeLog changes;

	private final BusinessDates dates;

	CatalogChangesPageController(CatalogChangeLog changes, BusinessDates dates) {
		this.changes = changes;
		this.dates = dates;
	}

	@GetMapping("/changes")
	String changes(@RequestParam(required = false) @Nullable String from, @RequestParam(required = false) @Nullable String to,
			@RequestParam(required = false) @Nullable @Pattern(regexp = "^(APPEARED|VANISHED|RENAMED)$", message = "change must be APPEARED, VANISHED or RENAMED.") String change,
			@RequestParam(defaultValue = "0") @Min(0) @Max(PageRequest.MAX_PAGE) int page,
			@RequestParam(defaultValue = "" + Pager.DEFAULT_SIZE) @Min(1) @Max(PageRequest.MAX_SIZE) int size,
			Model model) {
		var range = dates.range(from, to);
		var found = changes.changes(range, change, new PageRequest(page, size));
		model.addAttribute("range", range);
		model.addAttribute("today", dates.today());
		model.addAttribute("found", found);
		model.addAttribute("pager", Pager.of(found.changes(), "page"));
		model.addAttribute("filtered", change != null && !change.isBlank());
		model.addAttribute("kinds", List.of(Choice.any("change", "every change", change, "page"),
				Choice.of("change", "APPEARED", "appeared", change, "page"), Choice.of("change", "VANISHED", "vanished", change, "page"),
				Choice.of("change", "RENAMED", "renamed", change, "page")));
		return "changes/changes";
	}

}
