package io.lakegov.web;

import java.util.concurrent.CompletionException;

import org.junit.jupiter.api.Test;
import org.postgresql.util.PSQLException;
import org.postgresql.util.PSQLState;

import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.CannotGetJdbcConnectionException;
import org.springframework.jdbc.UncategorizedSQLException;
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

	@Test
	void answersAReadCancelledForItsTimeWith503EvenWhenWrapped() {
		var cancelled = new PSQLException("ERROR: canceling statement due to statement timeout", PSQLState.QUERY_CANCELED);
		ResponseEntity<Object> answer = new ProblemDetailsAdvice().handleUnexpected(new CompletionException(
				new UncategorizedSQLException("answer", "SELECT 1", cancelled)),
				new ServletWebRequest(new MockHttpServletRequest("GET", "/api/v1/tables")));
		assertThat(answer.getStatusCode()).isEqualTo(HttpStatus.SERVICE_UNAVAILABLE);
		assertThat(answer.getHeaders().getFirst(HttpHeaders.RETRY_AFTER)).isNotBlank();
		assertThat(answer.getBody()).isInstanceOfSatisfying(ProblemDetail.class, problem -> {
			assertThat(problem.getType()).isEqualTo(ProblemTypes.UNAVAILABLE);
			assertThat(problem.getDetail()).contains("lakegov.web.query-timeout").doesNotContain("SELECT", "canceling");
			assertThat(problem.getProperties()).as("no incident: nothing unexpected happened").isNull();
		});
	}

}
