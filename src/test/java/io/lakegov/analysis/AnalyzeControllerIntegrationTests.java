package io.lakegov.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.lakegov.support.IntegrationTest;
import io.lakegov.support.TestApi;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;

import static org.assertj.core.api.Assertions.assertThat;

@IntegrationTest
class AnalyzeControllerIntegrationTests {

	@LocalServerPort
	int port;

	@Test
	void analysesStatementsAndResolvesNamesWithTheGivenDefaults() {
		var body = Map.of("defaultCatalog", "Main", "defaultSchema", "sales", "statements",
				List.of(Map.of("id", "s1", "sql",
						"INSERT INTO reports.daily SELECT * FROM orders o JOIN bronze.customers VERSION AS OF 42 c ON o.c = c.id WHERE o.amount > 100"),
						Map.of("id", "s2", "sql", "SELECT * FROM (SELECT")));
		ResponseEntity<String> response = post(body);
		assertThat(response.getStatusCode()).isEqualTo(HttpStatus.OK);
		assertThat(response.getBody()).contains("\"id\":\"s1\"", "\"status\":\"ANALYZED\"", "\"kind\":\"INSERT\"",
				"\"table\":\"main.sales.orders\"", "\"table\":\"main.bronze.customers\"",
				"\"table\":\"main.reports.daily\"", "\"kind\":\"VERSION\",\"value\":\"42\"", "\"timeTravel\":null",
				"\"id\":\"s2\"", "\"status\":\"UNANALYZABLE\"");
		assertThat(response.getBody()).doesNotContain("100");
	}

	@Test
	void listsForeignKeyReferencesAndSharedTablesApartFromReadsAndWrites() {
		var response = post(Map.of("defaultCatalog", "main", "defaultSchema", "sales", "statements",
				List.of(Map.of("id", "fk", "sql",
						"ALTER TABLE orders ADD CONSTRAINT fk FOREIGN KEY (customer_id) REFERENCES customers (id)"),
						Map.of("id", "share", "sql", "ALTER SHARE partners ADD TABLE orders WITH HISTORY"))));
		assertThat(response.getStatusCode()).isEqualTo(HttpStatus.OK);
		assertThat(response.getBody()).contains(
				"\"reads\":[],\"writes\":[{\"table\":\"main.sales.orders\"",
				"\"references\":[{\"table\":\"main.sales.customers\"",
				"\"kind\":\"ALTER_SHARE_ADD\",\"reads\":[],\"writes\":[],\"grants\":[],\"references\":[],"
						+ "\"shares\":[{\"table\":\"main.sales.orders\"",
				"\"shareChanges\":[{\"action\":\"ADD\",\"share\":\"partners\",\"table\":\"main.sales.orders\","
						+ "\"alias\":null,\"withHistory\":true,\"renamedTo\":null}]");
	}

	@Test
	void keepsNamesAsWrittenWithoutDefaults() {
		var response = post(Map.of("statements", List.of(Map.of("id", "a", "sql", "SELECT * FROM `Bronze`.Events"))));
		assertThat(response.getBody()).contains("\"table\":\"bronze.events\"", "\"fullyQualified\":false");
	}

	@Test
	void refusesTheNulCharacterInAStatementAndNamesTheField() {
		var response = post(Map.of("statements", List.of(Map.of("id", "a", "sql", "SELECT 1 FROM t WHERE x = '\u0000'"))));
		assertThat(response.getStatusCode()).isEqualTo(HttpStatus.BAD_REQUEST);
		assertThat(response.getBody()).contains("statements.sql must not contain the character U+0000.");
	}

	@Test
	void refusesMoreThanAThousandStatements() {
		List<Map<String, String>> statements = new ArrayList<>();
		for (int i = 0; i <= 1000; i++) {
			statements.add(Map.of("id", "s" + i, "sql", "SELECT 1"));
		}
		var response = post(Map.of("statements", statements));
		assertThat(response.getStatusCode()).isEqualTo(HttpStatus.BAD_REQUEST);
		assertThat(response.getHeaders().getContentType()).isEqualTo(MediaType.APPLICATION_PROBLEM_JSON);
		assertThat(response.getBody()).contains("https://lakegov.io/problems/validation", "statements");
	}

	@Test
	void refusesAnEmptyRequestAndSqlLookingDefaults() {
		assertThat(post(Map.of("statements", List.of())).getStatusCode()).isEqualTo(HttpStatus.BAD_REQUEST);
		var response = post(Map.of("defaultCatalog", "main; DROP TABLE x", "statements",
				List.of(Map.of("id", "a", "sql", "SELECT 1"))));
		assertThat(response.getStatusCode()).isEqualTo(HttpStatus.BAD_REQUEST);
		assertThat(response.getBody()).contains("defaultCatalog",
				"must be a name of letters, digits and _, not starting with a digit");
	}

	@Test
	void answersMalformedJsonWithProblemDetails() {
		var response = TestApi.withKey(port)
			.post()
			.uri("/api/v1/sql/analyze")
			.contentType(MediaType.APPLICATION_JSON)
			.body("{\"statements\": [")
			.retrieve()
			.toEntity(String.class);
		assertThat(response.getStatusCode()).isEqualTo(HttpStatus.BAD_REQUEST);
		assertThat(response.getHeaders().getContentType()).isEqualTo(MediaType.APPLICATION_PROBLEM_JSON);
		assertThat(response.getBody()).contains("https://lakegov.io/problems/validation",
				"\"detail\":\"The body is not valid JSON (line 1, column ");
	}

	private ResponseEntity<String> post(Object body) {
		return TestApi.withKey(port)
			.post()
			.uri("/api/v1/sql/analyze")
			.contentType(MediaType.APPLICATION_JSON)
			.body(body)
			.retrieve()
			.toEntity(String.class);
	}

}
