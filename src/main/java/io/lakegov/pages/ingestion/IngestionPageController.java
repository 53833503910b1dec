package io.lakegov.pages.ingestion;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.function.Supplier;
import java.util.stream.Collectors;

import io.lakegov.history.HistorySource;
import io.lakegov.ingest.IngestionRun;
import io.lakegov.ingest.IngestionRunRepository;
import io.lakegov.ingest.IngestionService;
import io.lakegov.ingest.IngestionStatus;
import io.lakegov.ingest.IngestionStatusService;
import io.lakegov.ingest.RunKind;
import io.lakegov.ingest.SourceParameter;
import io.lakegov.pages.Pager;
import io.lakegov.usage.BusinessDates;
import io.lakegov.usage.DetailHorizon;
import io.lakegov.usage.PageRequest;
import io.lakegov.web.ApiException;
import io.lakegov.web.ContractBounds;
import io.lakegov.web.Callers;
import io.lakegov.web.PageResponse;
import io.lakegov.web.ProblemTypes;
import io.lakegov.web.Role;
import io.swagger.v3.oas.annotations.Hidden;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import org.jspecify.annotations.Nullable;

import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

/**
 * Where ingestion stands, per source: health, lag, the run in progress with how far it has got, every run a page at a time, the
 * masked share with its advice and the lineage's coverage; to every signed-in role. Operators may start a run or a backfill from it and read why a run failed;
 * everyone else sees no such button nor error text, and the server refuses them the same as the API does.
 */
@Controller
@Hidden
class IngestionPageController {

	/** Runs per page of the list, newest first. */
	static final int RUNS_PER_PAGE = 10;

	/** How long after it finished a run started from the page is still told of at the top. */
	static final Duration STARTED_NOTE = Duration.ofMinutes(10);

	private final IngestionStatusService status;

	private final IngestionService ingestion;

	private final SourceParameter sources;

	private final BusinessDates dates;

	private final DetailHorizon horizon;

	IngestionPageController(IngestionStatusService status, IngestionService ingestion, SourceParameter sources,
			BusinessDates dates, DetailHorizon horizon) {
		this.dates = dates;
		this.horizon = horizon;
		this.status = status;
		this.ingestion = ingestion;
		this.sources = sources;
	}

	@GetMapping("/ingestion")
	String ingestion(@RequestParam(required = false) @Nullable Long started,
			@RequestParam(defaultValue = "0") @Min(0) @Max(PageRequest.MAX_PAGE) int runsPage, Model model) {
		var all = status.all();
		model.addAttribute("sources", all);
		model.addAttribute("progress", all.sources()
			.stream()
			.filter(source -> source.running() != null)
			.collect(Collectors.toMap(IngestionStatus::sourceName, source -> RunProgress.of(source.running(), source.watermark()))));
		var runs = PageResponse.of(ingestion.page(null, runsPage, RUNS_PER_PAGE), runsPage, RUNS_PER_PAGE,
				status.runCount(null));
		model.addAttribute("runs", runs.items());
		model.addAttribute("runsPager", Pager.of(runs, "runsPage"));
		model.addAttribute("operator", operator());
		// the run this page started, while it runs and for a while after: a bookmarked address says nothing later
		Instant recently = Instant.now().minus(STARTED_NOTE);
		model.addAttribute("started", started == null ? null : status.run(started)
			.filter(run -> run.finishedAt() == null || run.finishedAt().isAfter(recently))
			.orElse(null));
		model.addAttribute("today", dates.today());
		return "ingestion/ingestion";
	}

	/**
	 * A start the page refused for a reason its operator can mend (a day missing or out of range, a closed day,
	 * a run in progress): said next to the form it came from, with what was typed in it, on the page the
	 * refusal redirects to.
	 */
	record Refusal(String source, String form, String message, @Nullable String from, @Nullable String to) {
	}

	@PostMapping("/ingestion/runs")
	String run(@RequestParam(required = false) @Nullable String source, RedirectAttributes redirect) {
		requireOperator();
		HistorySource of = sources.resolve(source);
		try {
			return started(() -> ingestion.startIncremental(of, RunKind.MANUAL));
		}
		catch (ApiException ex) {
			return refused(ex, new Refusal(of.name(), "run", ex.getMessage(), null, null), redirect);
		}
	}

	@PostMapping("/ingestion/backfills")
	String backfill(@RequestParam(required = false) @Nullable String source,
			@RequestParam(required = false) @Nullable String from, @RequestParam(required = false) @Nullable String to,
			RedirectAttributes redirect) {
		requireOperator();
		HistorySource of = sources.resolve(source);
		try {
			// whole business days, as every page counts them, the last one included
			Instant start = day(from, "The first day").atStartOfDay(dates.zone()).toInstant();
			Instant end = day(to, "The last day").plusDays(1).atStartOfDay(dates.zone()).toInstant();
			if (!start.isBefore(end)) {
				throw ApiException.badRequest("The first day of a backfill must not be after its last day.");
			}
			horizon.refuseClosedWindow(end);
			return started(() -> ingestion.startBackfill(of, start, end));
		}
		catch (ApiException ex) {
			return refused(ex, new Refusal(of.name(), "backfill", ex.getMessage(), from, to), redirect);
		}
	}

	private static LocalDate day(@Nullable String value, String field) {
		if (value == null || value.isBlank()) {
			throw ApiException.badRequest(field + " is missing.");
		}
		try {
			return ContractBounds.date(LocalDate.parse(value.strip()), field);
		}
		catch (DateTimeParseException ex) {
			throw ApiException.badRequest(field + " must be a date such as 2026-03-01.");
		}
	}

	/**
	 * Back to the page, which shows the refusal next to its form once: a redirect, so that the page's own
	 * address (its pager's links, its updates, a reload) is the page's and not the refused POST's.
	 */
	private static String refused(ApiException ex, Refusal refusal, RedirectAttributes redirect) {
		if (!ex.status().is4xxClientError()) {
			throw ex;
		}
		redirect.addFlashAttribute("refusal", refusal);
		return "redirect:/ingestion";
	}

	private static String started(Supplier<IngestionRun> start) {
		try {
			return "redirect:/ingestion?started=" + start.get().id();
		}
		catch (IngestionRunRepository.RunInProgressException ex) {
			throw new ApiException(HttpStatus.CONFLICT, ProblemTypes.CONFLICT, ex.runningId()
				.map(id -> "Run " + id + " of this source is in progress; start another when it has finished.")
				.orElse("A run of this source is in progress; start another when it has finished."));
		}
	}

	private static boolean operator() {
		return Callers.role().map(role -> role.compareTo(Role.OPERATOR) >= 0).orElse(false);
	}

	private static void requireOperator() {
		if (!operator()) {
			throw new ApiException(HttpStatus.FORBIDDEN, ProblemTypes.FORBIDDEN,
					"Starting runs and backfills needs the role operator or a higher one.");
		}
	}

}
