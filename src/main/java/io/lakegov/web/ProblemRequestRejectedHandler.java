package io.lakegov.web;

import java.io.IOException;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.security.web.firewall.RequestRejectedException;
import org.springframework.security.web.firewall.RequestRejectedHandler;

/**
 * Answers a request the security firewall refuses (a {@code ;}, an encoded slash or a {@code ..} in the
 * path, a control character in a parameter or header, for instance) with 400 problem details, like every other bad input, instead of a bare status.
 */
final class ProblemRequestRejectedHandler implements RequestRejectedHandler {

	private final JsonMapper mapper;

	ProblemRequestRejectedHandler(JsonMapper mapper) {
		this.mapper = mapper;
	}

	@Override
	public void handle(HttpServletRequest request, HttpServletResponse response,
			RequestRejectedException ex) throws IOException {
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST,
				"The request holds characters lakegov refuses: in a path ';', '//', '..' or an encoded '.', "
						+ "anywhere control characters such as NUL. Table names are catalog.schema.table, each part "
						+ "optionally in backticks; a path table's slashes are encoded as %2F.");
		problem.setType(ProblemTypes.VALIDATION);
		response.setStatus(HttpStatus.BAD_REQUEST.value());
		response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
		mapper.writeValue(response.getOutputStream(), problem);
	}

}
