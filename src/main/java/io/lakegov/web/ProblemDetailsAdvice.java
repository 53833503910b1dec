package io.lakegov.web;

import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;

import jakarta.validation.ConstraintViolationException;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.beans.TypeMismatchException;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.QueryTimeoutException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.security.web.firewall.RequestRejectedException;
import org.springframework.validation.FieldError;
import org.springframework.web.bind.MethodArgumentNotValidException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.method.annotation.HandlerMethodValidationException;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;

/**
 * Turns every failure of an HTTP request into RFC 9457 problem details with a stable {@code type}.
 * Unexpected failures answer 500 with a reference to the log entry, never with internals.
 */
@RestControllerAdvice
class ProblemDetailsAdvice extends ResponseEntityExceptionHandler {

	private static final Logger log = LoggerFactory.getLogger(ProblemDetailsAdvice.class);

	/** How long a caller waits when the store cannot be reached: about a connection pool's timeout. */
	static final long STORE_RETRY_SECONDS = 30;

	@ExceptionHandler(ApiException.class)
	ResponseEntity<Object> handleApiException(ApiException ex, WebRequest request) {
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(ex.status(), ex.getMessage());
		problem.setType(ex.type());
		ex.properties().forEach(problem::setProperty);
		HttpHeaders headers = new HttpHeaders();
		if (ex instanceof RateLimitInterceptor.TooManyRequests tooMany) {
			headers.set(HttpHeaders.RETRY_AFTER, Long.toString(tooMany.retryAfterSeconds()));
		}
		return handleExceptionInternal(ex, problem, headers, ex.status(), request);
	}

	@ExceptionHandler(ConstraintViolationException.class)
	ResponseEntity<Object> handleConstraintViolation(ConstraintViolationException ex, WebRequest request) {
		List<Map<String, String>> errors = ex.getConstraintViolations()
			.stream()
			.map(violation -> Map.of("field", violation.getPropertyPath().toString(), "message",
					violation.getMessage()))
			.toList();
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST, invalid(errors));
		problem.setProperty("errors", errors);
		return handleExceptionInternal(ex, problem, new HttpHeaders(), HttpStatus.BAD_REQUEST, request);
	}

	/** The firewall checks parameter values when they are read, which is inside MVC. */
	@ExceptionHandler(RequestRejectedException.class)
	ResponseEntity<Object> handleRejected(RequestRejectedException ex, WebRequest request) {
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST,
				"A parameter holds characters lakegov refuses, such as NUL or other control characters.");
		return handleExceptionInternal(ex, problem, new HttpHeaders(), HttpStatus.BAD_REQUEST, request);
	}

	/** The store is down or refuses connections: a passing state, so the caller is told to try again. */
	@ExceptionHandler(DataAccessResourceFailureException.class)
	ResponseEntity<Object> handleStoreUnreachable(DataAccessResourceFailureException ex, WebRequest request) {
		log.warn("The store cannot be reached: {}", Secrets.masked(ex).getMessage());
		return unavailable(ex, "The store cannot be reached for now; try again in " + STORE_RETRY_SECONDS + " s.",
				request);
	}

	/** A statement of a read request ran past {@code lakegov.web.query-timeout} and the store cancelled it. */
	@ExceptionHandler(QueryTimeoutException.class)
	ResponseEntity<Object> handleTooSlow(Exception ex, WebRequest request) {
		log.warn("A read request's statement ran past lakegov.web.query-timeout and was cancelled: {}",
				Secrets.masked(ex).getMessage());
		return unavailable(ex, ReadTimeouts.TOO_SLOW, request);
	}

	/** A 503 that tells the caller to try again after {@link #STORE_RETRY_SECONDS}. */
	private ResponseEntity<Object> unavailable(Exception ex, String detail, WebRequest request) {
		HttpHeaders headers = new HttpHeaders();
		headers.set(HttpHeaders.RETRY_AFTER, Long.toString(STORE_RETRY_SECONDS));
		return handleExceptionInternal(ex, ProblemDetail.forStatusAndDetail(HttpStatus.SERVICE_UNAVAILABLE, detail),
				headers, HttpStatus.SERVICE_UNAVAILABLE, request);
	}

	@ExceptionHandler(Exception.class)
	ResponseEntity<Object> handleUnexpected(Exception ex, WebRequest request) {
		if (ReadTimeouts.timedOut(ex)) {
			return handleTooSlow(ex, request);
		}
		String incident = UUID.randomUUID().toString();
		log.error("Unexpected failure, incident {}", incident, Secrets.masked(ex));
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.INTERNAL_SERVER_ERROR,
				"An unexpected error occurred. Quote incident " + incident + " when reporting it.");
		problem.setProperty("incident", incident);
		return handleExceptionInternal(ex, problem, new HttpHeaders(), HttpStatus.INTERNAL_SERVER_ERROR, request);
	}

	@Override
	protected ResponseEntity<Object> handleHttpMessageNotReadable(HttpMessageNotReadableException ex,
			HttpHeaders headers, HttpStatusCode status, WebRequest request) {
		for (Throwable cause = ex; cause != null; cause = cause.getCause()) {
			if (cause instanceof RequestSizeFilter.TooLarge tooLarge) {
				ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.CONTENT_TOO_LARGE,
						tooLarge.getMessage() + " (lakegov.web.max-request-size).");
				return handleExceptionInternal(ex, problem, headers, HttpStatus.CONTENT_TOO_LARGE, request);
			}
		}
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, RequestProblems.body(ex));
		return handleExceptionInternal(ex, problem, headers, status, request);
	}

	/** A parameter that is not of its type: which one, and what it must be. */
	@Override
	protected ResponseEntity<Object> handleTypeMismatch(TypeMismatchException ex, HttpHeaders headers,
			HttpStatusCode status, WebRequest request) {
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, RequestProblems.mismatch(ex));
		return handleExceptionInternal(ex, problem, headers, status, request);
	}

	@Override
	protected ResponseEntity<Object> handleMethodArgumentNotValid(MethodArgumentNotValidException ex,
			HttpHeaders headers, HttpStatusCode status, WebRequest request) {
		ProblemDetail problem = ex.getBody();
		List<Map<String, String>> errors = ex.getBindingResult()
			.getAllErrors()
			.stream()
			.map(error -> Map.of("field", error instanceof FieldError field ? field.getField() : error.getObjectName(),
					"message", String.valueOf(error.getDefaultMessage())))
			.toList();
		problem.setDetail(invalid(errors));
		problem.setProperty("errors", errors);
		return handleExceptionInternal(ex, problem, headers, status, request);
	}

	@Override
	protected ResponseEntity<Object> handleHandlerMethodValidationException(HandlerMethodValidationException ex,
			HttpHeaders headers, HttpStatusCode status, WebRequest request) {
		ProblemDetail problem = ex.getBody();
		List<Map<String, String>> errors = RequestProblems.invalid(ex)
			.stream()
			.map(invalid -> Map.of("field", invalid.field(), "message", invalid.message()))
			.toList();
		problem.setDetail(invalid(errors));
		problem.setProperty("errors", errors);
		return handleExceptionInternal(ex, problem, headers, status, request);
	}

	/** The detail of a request that breaks constraints: each field with what it must be, as in {@code errors}. */
	private static String invalid(List<Map<String, String>> errors) {
		if (errors.isEmpty()) {
			return "The request is not valid.";
		}
		return errors.stream()
			.map(error -> error.get("field") + " " + error.get("message"))
			.collect(Collectors.joining("; ", "", "."));
	}

	@Override
	protected ResponseEntity<Object> createResponseEntity(@Nullable Object body, HttpHeaders headers,
			HttpStatusCode status, WebRequest request) {
		if (body instanceof ProblemDetail problem
				&& (problem.getType() == null || URI.create("about:blank").equals(problem.getType()))) {
			problem.setType(typeFor(status));
		}
		return super.createResponseEntity(body, headers, status, request);
	}

	static URI typeFor(HttpStatusCode status) {
		return switch (status.value()) {
			case 400 -> ProblemTypes.VALIDATION;
			case 401 -> ProblemTypes.UNAUTHORIZED;
			case 403 -> ProblemTypes.FORBIDDEN;
			case 404 -> ProblemTypes.NOT_FOUND;
			case 405 -> ProblemTypes.METHOD_NOT_ALLOWED;
			case 409 -> ProblemTypes.CONFLICT;
			case 413 -> ProblemTypes.TOO_LARGE;
			case 415 -> ProblemTypes.UNSUPPORTED_MEDIA_TYPE;
			case 429 -> ProblemTypes.RATE_LIMITED;
			case 503 -> ProblemTypes.UNAVAILABLE;
			default -> status.is5xxServerError() ? ProblemTypes.INTERNAL : ProblemTypes.VALIDATION;
		};
	}

}
