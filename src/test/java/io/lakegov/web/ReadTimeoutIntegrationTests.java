package io.lakegov.web;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import io.lakegov.pages.PageSession;
import io.lakegov.support.IntegrationTest;
import io.lakegov.support.TestApi;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.client.RestClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A read whose statement the store holds past {@code lakegov.web.query-timeout} is cancelled and answered 503,
 * on the API and on the pages; the connection goes back to the pool without the bound, and writes are never
 * bounded. The store is made slow by a lock another session holds on the table the read needs.
 */
@IntegrationTest(properties = { "lakegov.web.query-timeout=1s", "spring.datasource.hikari.maximum-pool-size=3",
		"lakegov.watch.allow-private-targets=true" })
class ReadTimeoutIntegrationTests {

	@LocalServerPort
	int port;

	@Autowired
	DataSource store;

	@Test
	void aReadTheStoreHoldsTooLongIsA503ThatSaysToAskForLess() throws Exception {
		RestClient admin = TestApi.withKey(port);
		try (Connection lock = locking("watch")) {
			ResponseEntity<String> slow = admin.get().uri("/api/v1/watches").retrieve().toEntity(String.class);
			assertThat(slow.getStatusCode().value()).isEqualTo(503);
			assertThat(slow.getHeaders().getContentType()).isEqualTo(MediaType.APPLICATION_PROBLEM_JSON);
			assertThat(slow.getBody()).contains("https://lakegov.io/problems/unavailable", "lakegov.web.query-timeout",
					"Ask for less").doesNotContain("statement timeout", "SELECT");
			assertThat(Long.parseLong(slow.getHeaders().getFirst("Retry-After"))).isPositive();
			lock.rollback();
		}
		assertThat(admin.get().uri("/api/v1/watches").retrieve().toEntity(String.class).getStatusCode().value())
			.as("the same read once the store answers").isEqualTo(200);
		assertNoConnectionKeepsTheBound();
	}

	@Test
	void aPageTheStoreHoldsTooLongSaysSoInWords() throws Exception {
		PageSession session = new PageSession(port).signIn(IntegrationTest.API_KEY);
		try (Connection lock = locking("table_summary")) {
			var slow = session.get("/tables/main.sales.orders");
			assertThat(slow.statusCode()).isEqualTo(503);
			assertThat(slow.body()).contains("No answer for now", "Ask for less").doesNotContain("statement timeout");
			lock.rollback();
		}
		assertThat(session.get("/tables/main.sales.orders").statusCode()).isIn(200, 404);
		assertNoConnectionKeepsTheBound();
	}

	@Test
	void writesAreNotBounded() throws Exception {
		RestClient admin = TestApi.withKey(port);
		ResponseEntity<String> created;
		try (Connection lock = locking("watch")) {
			Thread release = new Thread(() -> {
				try {
					Thread.sleep(2_500);
					lock.rollback();
				}
				catch (Exception ex) {
					throw new IllegalStateException(ex);
				}
			});
			release.start();
			created = admin.post()
				.uri("/api/v1/watches")
				.contentType(MediaType.APPLICATION_JSON)
				.body("{\"name\":\"slow store\",\"tables\":[\"main.sales.orders\"],\"events\":[\"NEW_READER\"],"
						+ "\"webhook\":{\"url\":\"http://127.0.0.1:9/lakegov\",\"format\":\"generic\"}}")
				.retrieve()
				.toEntity(String.class);
			release.join();
		}
		assertThat(created.getStatusCode().value()).as(created.getBody()).isEqualTo(201);
		assertNoConnectionKeepsTheBound();
	}

	/** A session of its own, outside the pool, that holds the table until rolled back. */
	private Connection locking(String table) throws Exception {
		HikariDataSource pool = store.unwrap(HikariDataSource.class);
		Connection lock = DriverManager.getConnection(pool.getJdbcUrl(), pool.getUsername(), pool.getPassword());
		lock.setAutoCommit(false);
		try (Statement statement = lock.createStatement()) {
			statement.execute("LOCK TABLE " + table + " IN ACCESS EXCLUSIVE MODE");
		}
		return lock;
	}

	/** Every connection of the pool (three here) has the store's own statement timeout again. */
	private void assertNoConnectionKeepsTheBound() throws Exception {
		List<Connection> all = new ArrayList<>();
		try {
			for (int i = 0; i < 3; i++) {
				all.add(store.getConnection());
			}
			for (Connection connection : all) {
				try (Statement statement = connection.createStatement();
						ResultSet shown = statement.executeQuery("SHOW statement_timeout")) {
					shown.next();
					assertThat(shown.getString(1)).isEqualTo("0");
				}
			}
		}
		finally {
			for (Connection connection : all) {
				connection.close();
			}
		}
	}

}
