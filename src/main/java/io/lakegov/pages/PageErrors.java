package io.lakegov.pages;

import java.util.List;
import java.util.stream.Collectors;

import io.lakegov.web.ApiException;
import io.lakegov.web.Callers;
import io.lakegov.web.ReadTimeouts;
import io.lakegov.web.RequestProblems;
import io.lakegov.web.Role;
import io.lakegov.web.Secrets;
import jakarta.servlet.http.HttpServletResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.http.HttpStatus;
import org.springframework.ui.Model;
import org.springframework.web.bind.MissingServletRequestParameterException;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.method.annotation.HandlerMethodValidationException;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;

/**
 * A page that fails says what went wrong in words, with the right status, and never shows a stack trace or
 * SQL; the API's problem details stay the API's.
 */
@ControllerAdvice(basePackageClasses = PageErrors.class)
@Order(Ordered.HIGHEST_PRECEDENCE)
class PageErrors {

	private static final Logger log = LoggerFactory.getLogger(PageErrors.class);

	private final PageNames names;

	PageErrors(PageNames names) {
		this.names = names;
	}

	@ExceptionHandler(ApiException.class)
	String refused(ApiException ex, Model model, HttpServletResponse response) {
		// a short name that several tables end with: the page lists them, each a link
		if (ex.properties().get("candidates") instanceof List<?> candidates) {
			model.addAttribute("candidates", candidates.stream().map(String::valueOf).toList());
			model.addAttribute("names", names);
		}
		return problem(ex.status(), ex.getMessage(), model, response);
	}

	@ExceptionHandler(MethodArgumentTypeMismatchException.class)
	String mistyped(MethodArgumentTypeMismatchException ex, Model model, HttpServletResponse response) {
		return problem(HttpStatus.BAD_REQUEST, RequestProblems.mismatch(ex), model, response);
	}

	@ExceptionHandler(MissingServletRequestParameterException.class)
	String missing(MissingServletRequestParameterException ex, Model model, HttpServletResponse response) {
		return problem(HttpStatus.BAD_REQUEST, ex.getParameterName() + " is missing.", model, response);
	}

	@ExceptionHandler(HandlerMethodValidationException.class)
	String invalid(HandlerMethodValidationException ex, Model model, HttpServletResponse response) {
		String detail = RequestProblems.invalid(ex)
			.stream()
			.map(invalid -> invalid.field() + " " + invalid.message())
			.collect(Collectors.joining("; ", "", "."));
		return problem(HttpStatus.BAD_REQUEST, detail, model, response);
	}

	@ExceptionHandler(IllegalArgumentException.class)
	String malformed(IllegalArgumentException ex, Model model, HttpServletResponse response) {
		return problem(HttpStatus.BAD_REQUEST, "A value in the address is not one this page understands.", model,
				response);
	}

	/** The store cannot be reached for now, or took longer than a read may take: try again, or ask for less. */
	@ExceptionHandler(DataAccessResourceFailureException.class)
	String storeUnreachable(DataAccessResourceFailureException ex, Model model, HttpServletResponse response) {
		log.warn("A page could not reach the store: {}", Secrets.masked(ex).getMessage());
		return problem(HttpStatus.SERVICE_UNAVAILABLE, "The store cannot be reached for now; try again in a minute.",
				model, response);
	}

	@ExceptionHandler(Exception.class)
	String failed(Exception ex, Model model, HttpServletResponse response) {
		if (ReadTimeouts.timedOut(ex)) {
			log.warn("A page's read ran past lakegov.web.query-timeout and was cancelled: {}",
					Secrets.masked(ex).getMessage());
			return problem(HttpStatus.SERVICE_UNAVAILABLE, ReadTimeouts.TOO_SLOW, model, response);
		}
		log.error("A page failed", ex);
		return problem(HttpStatus.INTERNAL_SERVER_ERROR,
				"Something went wrong on our side. Try again in a moment; if it persists, tell the team that runs lakegov.",
				model, response);
	}

	static String problem(HttpStatus status, String detail, Model model, HttpServletResponse response) {
		response.setStatus(status.value());
		model.addAttribute("caller", Callers.name());
		model.addAttribute("role", Callers.role().map(Role::id).orElse(""));
		model.addAttribute("status", status.value());
		model.addAttribute("title", switch (status) {
			case NOT_FOUND -> "Not found";
			case BAD_REQUEST -> "That does not look right";
			case FORBIDDEN -> "Not for your role";
			case CONFLICT -> "Not now";
			case SERVICE_UNAVAILABLE -> "No answer for now";
			default -> "Something went wrong";
		});
		model.addAttribute("detail", detail);
		return "problem";
	}

}
