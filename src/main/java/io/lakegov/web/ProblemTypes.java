package io.lakegov.web;

import java.net.URI;

/** The stable {@code type} URIs of lakegov's problem details (RFC 9457). */
public final class ProblemTypes {

	private static final String BASE = "https://lakegov.io/problems/";

	public static final URI VALIDATION = URI.create(BASE + "validation");

	public static final URI NOT_FOUND = URI.create(BASE + "not-found");

	public static final URI CONFLICT = URI.create(BASE + "conflict");

	public static final URI UNAUTHORIZED = URI.create(BASE + "unauthorized");

	public static final URI FORBIDDEN = URI.create(BASE + "forbidden");

	public static final URI METHOD_NOT_ALLOWED = URI.create(BASE + "method-not-allowed");

	public static final URI UNSUPPORTED_MEDIA_TYPE = URI.create(BASE + "unsupported-media-type");

	public static final URI TOO_LARGE = URI.create(BASE + "too-large");

	public static final URI RATE_LIMITED = URI.create(BASE + "rate-limited");

	public static final URI UNAVAILABLE = URI.create(BASE + "unavailable");

	public static final URI INTERNAL = URI.create(BASE + "internal");

	private ProblemTypes() {
	}

}
