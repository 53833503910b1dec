package io.lakegov.openlineage;

import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class OpenLineagePropertiesTests {

	static final OpenLineageProperties.Auth NONE = new OpenLineageProperties.Auth(null, null, null);

	@Test
	void isOffWithoutAUrlAndPostsToTheUrlAndEndpoint() {
		assertThat(properties(null, "/api/v1/lineage", NONE).enabled()).isFalse();
		assertThat(properties(" ", "/api/v1/lineage", NONE).enabled()).isFalse();
		OpenLineageProperties on = properties("https://om.example.com/", "/api/v1/openlineage/lineage", NONE);
		assertThat(on.enabled()).isTrue();
		assertThat(on.target()).hasToString("https://om.example.com/api/v1/openlineage/lineage");
	}

	@Test
	void refusesUrlsThatAreNotPlainHttpOrCarryCredentials() {
		assertThatIllegalArgumentException().isThrownBy(() -> properties("ftp://x", "/a", NONE))
			.withMessageContaining("lakegov.openlineage.url must be an absolute http(s) URL");
		assertThatIllegalArgumentException().isThrownBy(() -> properties("https://u:p@x", "/a", NONE))
			.withMessageContaining("no credentials");
		assertThatIllegalArgumentException().isThrownBy(() -> properties("https://x", "api", NONE))
			.withMessageContaining("lakegov.openlineage.endpoint must be a path");
	}

	@Test
	void takesABearerTokenOrAnApiKeyHeaderButNotBothAndNeverShowsThem() {
		assertThat(new OpenLineageProperties.Auth("t0k3n", null, null).header()).containsExactly("Authorization",
				"Bearer t0k3n");
		assertThat(new OpenLineageProperties.Auth(null, "X-Api-Key", "k3y").header()).containsExactly("X-Api-Key", "k3y");
		assertThat(NONE.header()).isNull();
		assertThat(new OpenLineageProperties.Auth("t0k3n", null, null).toString()).doesNotContain("t0k3n");
		assertThatIllegalArgumentException().isThrownBy(() -> new OpenLineageProperties.Auth("t", "X-Api-Key", "k"))
			.withMessageContaining("not both");
		assertThatIllegalArgumentException().isThrownBy(() -> new OpenLineageProperties.Auth(null, "X-Api-Key", null))
			.withMessageContaining("go together");
		assertThatIllegalArgumentException().isThrownBy(() -> new OpenLineageProperties.Auth(null, "X Key", "k"))
			.withMessageContaining("not an HTTP header name");
	}

	@Test
	void namesTheWorkspaceHostOfEachSourceAndRefusesOneThatIsNotAHost() {
		OpenLineageProperties properties = new OpenLineageProperties("https://x", "/a", NONE, "ADB-1.azuredatabricks.net",
				Map.of("eu", "adb-2.azuredatabricks.net"), null, true, Duration.ofSeconds(2), 100, Duration.ofMinutes(1),
				Duration.ofSeconds(5), Duration.ofMinutes(10), Duration.ofSeconds(3), Duration.ofSeconds(10),
				Duration.ofDays(31));
		assertThat(properties.hostOf("eu")).isEqualTo("adb-2.azuredatabricks.net");
		assertThat(properties.hostOf("default")).isEqualTo("adb-1.azuredatabricks.net");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new OpenLineageProperties("https://x", "/a", NONE, "https://adb-1.net/", null, null, true,
					Duration.ofSeconds(2), 100, Duration.ofMinutes(1), Duration.ofSeconds(5), Duration.ofMinutes(10),
					Duration.ofSeconds(3), Duration.ofSeconds(10), Duration.ofDays(31)))
			.withMessageContaining("lakegov.openlineage.workspace-host must be a host name");
	}

	@Test
	void refusesALeaseShorterThanTwoPostsABatchOutOfRangeAndBackoffsOfDays() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new OpenLineageProperties("https://x", "/a", NONE, null, null, null, true,
					Duration.ofSeconds(2), 100, Duration.ofSeconds(10), Duration.ofSeconds(5), Duration.ofMinutes(10),
					Duration.ofSeconds(3), Duration.ofSeconds(10), Duration.ofDays(31)))
			.withMessageContaining("lakegov.openlineage.lease");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new OpenLineageProperties("https://x", "/a", NONE, null, null, null, true,
					Duration.ofSeconds(2), 0, Duration.ofMinutes(1), Duration.ofSeconds(5), Duration.ofMinutes(10),
					Duration.ofSeconds(3), Duration.ofSeconds(10), Duration.ofDays(31)))
			.withMessageContaining("batch-size");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new OpenLineageProperties("https://x", "/a", NONE, null, null, null, true,
					Duration.ofSeconds(2), 100, Duration.ofMinutes(1), Duration.ofSeconds(5), Duration.ofDays(2),
					Duration.ofSeconds(3), Duration.ofSeconds(10), Duration.ofDays(31)))
			.withMessageContaining("lakegov.openlineage.retry-max must be at most 1d");
	}

	private static OpenLineageProperties properties(String url, String endpoint, OpenLineageProperties.Auth auth) {
		return new OpenLineageProperties(url, endpoint, auth, null, null, null, true, Duration.ofSeconds(2), 100,
				Duration.ofMinutes(1), Duration.ofSeconds(5), Duration.ofMinutes(10), Duration.ofSeconds(3),
				Duration.ofSeconds(10), Duration.ofDays(31));
	}

}
