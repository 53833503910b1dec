package io.lakegov.web;

import java.io.IOException;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.web.AuthenticationEntryPoint;
import tools.jackson.databind.json.JsonMapper;

/**
 * Answers an {@code /api} request without valid credentials (no key, a wrong key, an expired or foreign
 * token) with 401 problem details.
 */
final class ProblemAuthenticationEntryPoint implements AuthenticationEntryPoint {

	private final JsonMapper mapper;

	ProblemAuthenticationEntryPoint(JsonMapper mapper) {
		this.mapper = mapper;
	}

	@Override
	public void commence(HttpServletRequest request, HttpServletResponse response, AuthenticationException ex)
			throws IOException {
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.UNAUTHORIZED,
				"Send a valid API key in the " + ApiKeyAuthenticationFilter.HEADER
						+ " header or a valid bearer token in the Authorization header.");
		problem.setType(ProblemTypes.UNAUTHORIZED);
		problem.setInstance(java.net.URI.create(request.getRequestURI()));
		response.setStatus(HttpStatus.UNAUTHORIZED.value());
		response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
		response.setHeader("WWW-Authenticate", "ApiKey header=\"" + ApiKeyAuthenticationFilter.HEADER + "\"");
		response.addHeader("WWW-Authenticate", "Bearer");
		mapper.writeValue(response.getOutputStream(), problem);
	}

}
