package io.lakegov.deploy;

import java.util.Map;

import com.marcnuri.helm.Helm;
import org.junit.jupiter.api.Test;

import static io.lakegov.deploy.HelmChartTests.path;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The chart with several sources of query history, one per region. */
class HelmChartSourcesTests {

	@Test
	void rendersEachSourceWithItsTokenFromItsOwnSecret() {
		HelmChartTests.Manifests manifests = HelmChartTests.render(HelmChartTests.REGIONS);
		assertThat(manifests.properties()).contains("lakegov.sources[0].name=eu", "lakegov.sources[0].url=jdbc:databricks://",
				"lakegov.sources[0].username=token", "lakegov.sources[0].own-principals=lakegov-eu@corp.example",
				"lakegov.sources[1].name=us-east", "lakegov.sources[1].max-pool-size=3",
				"lakegov.sources[1].columns-table=system.information_schema.columns", "lakegov.sources[2].enabled=false",
				"lakegov.sources[2].password=${LAKEGOV_SOURCE_TOKEN_2}")
			.doesNotContain("lakegov.source.url");
		Map<String, Map<String, Object>> env = manifests.env();
		assertThat(path(env.get("LAKEGOV_SOURCE_TOKEN_0"), "valueFrom", "secretKeyRef"))
			.isEqualTo(Map.of("name", "lakegov-databricks-eu", "key", "token"));
		assertThat(path(env.get("LAKEGOV_SOURCE_TOKEN_1"), "valueFrom", "secretKeyRef"))
			.isEqualTo(Map.of("name", "lakegov-databricks-us", "key", "databricks-token"));
		assertThat(env).doesNotContainKey("LAKEGOV_SOURCE_PASSWORD");
		assertThat(env.get("LAKEGOV_SOURCE_TOKEN_2")).doesNotContainKey("value");
	}

	@Test
	void refusesASourceWithoutItsSecretAndBothForms() {
		assertThatThrownBy(() -> new Helm(HelmChartTests.CHART).template()
			.withName("lakegov")
			.set("sources[0].name", "eu")
			.set("sources[0].url", "jdbc:databricks://h:443")
			.call()).hasMessageContaining("sources[0].existingSecret is required");
		assertThatThrownBy(() -> new Helm(HelmChartTests.CHART).template()
			.withName("lakegov")
			.withValuesFile(HelmChartTests.REGIONS)
			.set("source.url", "jdbc:databricks://h:443")
			.set("source.existingSecret", "s")
			.call()).hasMessageContaining("set either source.url or sources, not both");
	}

}
