package io.lakegov.web;

import java.net.URI;
import java.util.Map;

import org.springframework.http.HttpStatus;

/**
 * A failure that controllers and services report to the caller as problem details: what went wrong
 * in words the caller can act on, never internals.
 */
public class ApiException extends RuntimeException {

	private final HttpStatus status;

	private final URI type;

	private final transient Map<String, Object> properties;

	public ApiException(HttpStatus status, URI type, String detail) {
		this(status, type, detail, Map.of());
	}

	public ApiException(HttpStatus status, URI type, String detail, Map<String, Object> properties) {
		super(detail);
		this.status = status;
		this.type = type;
		this.properties = Map.copyOf(properties);
	}

	public static ApiException badRequest(String detail) {
		return new ApiException(HttpStatus.BAD_REQUEST, ProblemTypes.VALIDATION, detail);
	}

	public static ApiException notFound(String detail) {
		return new ApiException(HttpStatus.NOT_FOUND, ProblemTypes.NOT_FOUND, detail);
	}

	public static ApiException conflict(String detail) {
		return new ApiException(HttpStatus.CONFLICT, ProblemTypes.CONFLICT, detail);
	}

	public HttpStatus status() {
		return status;
	}

	public URI type() {
		return type;
	}

	public Map<String, Object> properties() {
		return properties;
	}

}
