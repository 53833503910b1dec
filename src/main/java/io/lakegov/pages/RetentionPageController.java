package io.lakegov.pages;

import java.util.List;
import java.util.Locale;

import io.lakegov.retention.ProposalPage;
import io.lakegov.retention.RetentionService;
import io.swagger.v3.oas.annotations.Hidden;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import org.jspecify.annotations.Nullable;

import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;

/**
 * Every table's retention proposal: keep history longer where people reach further back than it lasts,
 * keep less where nobody does, review tables nobody reads; with the SQL to apply it. From the service the
 * API's retention proposals operation calls.
 */
@Controller
@Hidden
class RetentionPageController {

	private static final List<String> KINDS = List.of("", "RAISE", "LOWER", "REVIEW_UNUSED");

	private final RetentionService retention;

	RetentionPageController(RetentionService retention) {
		this.retention = retention;
	}

	@GetMapping("/retention")
	String proposals(@RequestParam(required = false) @Nullable String kind,
			@RequestParam(defaultValue = "0") @Min(0) @Max(100_000) int page,
			@RequestParam(defaultValue = "" + Pager.DEFAULT_SIZE) @Min(1) @Max(500) int size, Model model) {
		ProposalPage proposals = retention.page(kind, page, size);
		String current = kind == null ? "" : kind.strip().toUpperCase(Locale.ROOT);
		model.addAttribute("proposals", proposals);
		model.addAttribute("pager", Pager.of(proposals.paged(), "page"));
		model.addAttribute("lookbackDays", retention.lookbackDays());
		model.addAttribute("filtered", !current.isEmpty());
		model.addAttribute("kinds", KINDS.stream()
			.map(key -> key.isEmpty() ? Choice.any("kind", words(key), current, "page")
					: Choice.of("kind", key, words(key), current, "page"))
			.toList());
		return "retention/retention";
	}

	private static String words(String kind) {
		return switch (kind) {
			case "RAISE" -> "keep longer";
			case "LOWER" -> "keep less";
			case "REVIEW_UNUSED" -> "review unused";
			default -> "every kind";
		};
	}

}
