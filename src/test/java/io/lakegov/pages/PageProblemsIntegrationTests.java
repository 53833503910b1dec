package io.lakegov.pages;

import io.lakegov.support.IntegrationTest;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An address under the pages' paths that names no page answers the pages' own "Not found", not the API's
 * problem details; a form sent after its session ended leads back to the sign-in form, which says why.
 */
@IntegrationTest(properties = "lakegov.usage.time-zone=Asia/Tokyo")
class PageProblemsIntegrationTests {

	@LocalServerPort
	int port;

	@Test
	void anAddressThatNamesNoPageAnswersThePagesNotFound() throws Exception {
		PageSession session = new PageSession(port).signIn(IntegrationTest.VIEWER_KEY);
		for (String address : new String[] { "/users/", "/tables/main.sales.orders/columns/", "/schemas/x.y/more",
				"/rankings/", "/unused/x", "/columns/x" }) {
			var page = session.get(address);
			assertThat(page.statusCode()).as(address).isEqualTo(404);
			assertThat(page.headers().firstValue("Content-Type")).as(address)
				.hasValueSatisfying(type -> assertThat(type).startsWith("text/html"));
			assertThat(page.body()).as(address).contains("There is no page at this address");
		}
		var signOut = session.get("/logout");
		assertThat(signOut.statusCode()).isEqualTo(302);
		assertThat(session.get("/").statusCode()).as("still signed in").isEqualTo(200);
	}

	@Test
	void aFormSentAfterItsSessionEndedLeadsBackToSignIn() throws Exception {
		PageSession session = new PageSession(port).signIn(IntegrationTest.OPERATOR_KEY);
		var stale = session.post("/ingestion/runs", "source=default&_csrf=not-the-sessions-token");
		assertThat(stale.statusCode()).isEqualTo(302);
		assertThat(stale.headers().firstValue("Location")).hasValueSatisfying(
				location -> assertThat(location).endsWith("/login?expired"));
		assertThat(session.get("/login?expired").body()).contains("Your session ended before that form was sent");
	}

}
