package io.lakegov.pages;

import java.util.concurrent.CompletionException;

import org.junit.jupiter.api.Test;

import org.springframework.dao.QueryTimeoutException;
import org.springframework.jdbc.CannotGetJdbcConnectionException;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.ui.ExtendedModelMap;

import static org.assertj.core.api.Assertions.assertThat;

/** A page whose store is away or too slow says so in words with 503, not as an unexpected failure. */
class PageErrorsTests {

	private final PageErrors errors = new PageErrors(new PageNames());

	@Test
	void aStoreThatCannotBeReachedIsA503ThatSaysToTryAgain() {
		var model = new ExtendedModelMap();
		var response = new MockHttpServletResponse();
		String view = errors.storeUnreachable(new CannotGetJdbcConnectionException("Failed to obtain JDBC Connection"),
				model, response);
		assertThat(view).isEqualTo("problem");
		assertThat(response.getStatus()).isEqualTo(503);
		assertThat(model.getAttribute("title")).isEqualTo("No answer for now");
		assertThat((String) model.getAttribute("detail")).contains("try again").doesNotContain("JDBC");
	}

	@Test
	void aReadCancelledForItsTimeIsA503EvenWhenWrapped() {
		var model = new ExtendedModelMap();
		var response = new MockHttpServletResponse();
		errors.failed(new CompletionException(new QueryTimeoutException("canceling statement due to statement timeout")),
				model, response);
		assertThat(response.getStatus()).isEqualTo(503);
		assertThat((String) model.getAttribute("detail")).contains("lakegov.web.query-timeout", "Ask for less")
			.doesNotContain("canceling");
	}

}
