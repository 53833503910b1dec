package io.lakegov.web;

import org.junit.jupiter.api.Test;

import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.CannotGetJdbcConnectionException;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.web.context.request.ServletWebRequest;

import static org.assertj.core.api.Assertions.assertThat;

class ProblemDetailsAdviceTests {

	@Test
	void answersAStoreThatCannotBeReachedWith503AndRetryAfter() {
		DataAccessResourceFailureException down = new CannotGetJdbcConnectionException("Failed to obtain JDBC Connection");
		ResponseEntity<Object> answer = new ProblemDetailsAdvice().handleStoreUnreachable(down,
				new ServletWebRequest(new MockHttpServletRequest("GET", "/api/v1/tables")));
		assertThat(answer.getStatusCode()).isEqualTo(HttpStatus.SERVICE_UNAVAILABLE);
		assertThat(answer.getHeaders().getFirst(HttpHeaders.RETRY_AFTER))
			.isEqualTo(Long.toString(ProblemDetailsAdvice.STORE_RETRY_SECONDS));
		assertThat(answer.getBody()).isInstanceOfSatisfying(ProblemDetail.class, problem -> {
			assertThat(problem.getType()).isEqualTo(ProblemTypes.UNAVAILABLE);
			assertThat(problem.getStatus()).isEqualTo(503);
			assertThat(problem.getDetail()).doesNotContain("JDBC");
		});
	}

}
