package io.lakegov.deploy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import com.marcnuri.helm.Helm;
import com.marcnuri.helm.LintResult;
import io.lakegov.history.SourceSettings;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The chart in {@code helm/lakegov}, linted and rendered by Helm 3 (in-process through helm-java) with its
 * default values and with a production-like values file, and checked on what the rendered manifests say.
 */
class HelmChartTests {

	static final Path CHART = Path.of("helm", "lakegov");

	static final Path PRODUCTION = Path.of("src", "test", "resources", "helm", "production-values.yaml");

	static final Path REGIONS = Path.of("src", "test", "resources", "helm", "regions-values.yaml");

	@Test
	void lintsWithoutFindingsInStrictMode() {
		LintResult lint = new Helm(CHART).lint().strict().call();
		assertThat(lint.isFailed()).as("%s", lint.getMessages()).isFalse();
		assertThat(lint.getMessages()).noneMatch(message -> message.contains("[ERROR]") || message.contains("[WARNING]"));
	}

	@Test
	void rendersTheDefaultValuesWithProbesOnTheActuatorGroups() {
		Manifests manifests = render(null);
		assertThat(manifests.kinds()).containsExactlyInAnyOrder("ConfigMap", "Deployment", "Service",
				"PodDisruptionBudget");
		Map<String, Object> container = manifests.container();
		assertThat(path(container, "startupProbe", "httpGet", "path")).isEqualTo("/actuator/health/liveness");
		assertThat(path(container, "livenessProbe", "httpGet", "path")).isEqualTo("/actuator/health/liveness");
		assertThat(path(container, "readinessProbe", "httpGet", "path")).isEqualTo("/actuator/health/readiness");
		assertThat(path(container, "startupProbe", "httpGet", "port")).isEqualTo("http");
		assertThat(manifests.properties()).contains("lakegov.ingest.health.max-lag=3h", "lakegov.embedded.enabled=false",
				"lakegov.usage.cache-rows=200000", "logging.structured.format.console=ecs")
			.doesNotContain("readiness.include");
	}

	@Test
	void runsAsNonRootOnAReadOnlyRootFilesystemWithAWritableTmp() {
		for (Manifests manifests : List.of(render(null), render(PRODUCTION))) {
			Map<String, Object> pod = manifests.podSpec();
			assertThat(path(pod, "securityContext", "runAsNonRoot")).isEqualTo(true);
			assertThat(path(pod, "securityContext", "runAsUser")).isEqualTo(10001);
			Map<String, Object> container = manifests.container();
			assertThat(path(container, "securityContext", "readOnlyRootFilesystem")).isEqualTo(true);
			assertThat(path(container, "securityContext", "allowPrivilegeEscalation")).isEqualTo(false);
			assertThat(path(container, "securityContext", "capabilities", "drop")).isEqualTo(List.of("ALL"));
			assertThat(list(container, "volumeMounts")).anySatisfy(mount -> assertThat(mount).containsEntry("mountPath", "/tmp")
				.containsEntry("name", "tmp"));
			assertThat(list(pod, "volumes")).anySatisfy(volume -> assertThat(volume).containsEntry("name", "tmp")
				.containsKey("emptyDir"));
		}
	}

	@Test
	void setsResourceRequestsAndAMemoryLimit() {
		Map<String, Object> container = render(PRODUCTION).container();
		assertThat(path(container, "resources", "requests", "cpu")).isEqualTo("1");
		assertThat(path(container, "resources", "requests", "memory")).isEqualTo("2Gi");
		assertThat(path(container, "resources", "limits", "memory")).isEqualTo("3Gi");
		assertThat(path(render(null).container(), "resources", "limits", "memory")).isEqualTo("1536Mi");
	}

	@Test
	void takesEverySecretFromExistingSecretsAndNeverInlinesOne() {
		Manifests manifests = render(PRODUCTION);
		assertThat(manifests.kinds()).doesNotContain("Secret");
		Map<String, Map<String, Object>> env = manifests.env();
		assertThat(path(env.get("LAKEGOV_DB_PASSWORD"), "valueFrom", "secretKeyRef"))
			.isEqualTo(Map.of("name", "lakegov-db-credentials", "key", "db-password"));
		assertThat(path(env.get("LAKEGOV_SOURCE_PASSWORD"), "valueFrom", "secretKeyRef"))
			.isEqualTo(Map.of("name", "lakegov-databricks", "key", "databricks-token"));
		assertThat(path(env.get("LAKEGOV_API_KEYS"), "valueFrom", "secretKeyRef"))
			.isEqualTo(Map.of("name", "lakegov-api", "key", "api-keys"));
		for (String secret : List.of("LAKEGOV_DB_PASSWORD", "LAKEGOV_SOURCE_PASSWORD", "LAKEGOV_API_KEYS")) {
			assertThat(env.get(secret)).doesNotContainKey("value");
		}
		assertThat(manifests.properties()).doesNotContainIgnoringCase("password=").doesNotContainIgnoringCase("token=")
			.doesNotContain("api-keys=");
		assertThat(render(null).env()).doesNotContainKey("LAKEGOV_SOURCE_PASSWORD");
	}

	@Test
	void rendersTheProductionValuesWithMonitoringDisruptionBudgetAndIngress() {
		Manifests manifests = render(PRODUCTION);
		assertThat(manifests.kinds()).containsExactlyInAnyOrder("ConfigMap", "Deployment", "Service",
				"PodDisruptionBudget", "ServiceMonitor", "PrometheusRule", "Ingress");
		assertThat(path(manifests.one("Deployment"), "spec", "replicas")).isEqualTo(3);
		assertThat(manifests.properties()).contains("lakegov.source.url=jdbc:databricks://", "lakegov.ingest.zone=Asia/Tokyo",
				"lakegov.usage.cache-rows=2000000", "lakegov.ingest.health.failed-runs=2");
		Map<String, Object> endpoint = list(map(path(manifests.one("ServiceMonitor"), "spec")), "endpoints").get(0);
		assertThat(endpoint).containsEntry("path", "/actuator/prometheus").containsEntry("port", "http");
		List<Map<String, Object>> groups = list(map(path(manifests.one("PrometheusRule"), "spec")), "groups");
		assertThat(groups).extracting(group -> group.get("name")).contains("lakegov-ingestion", "lakegov-analysis");
		assertThat(path(manifests.one("PodDisruptionBudget"), "spec", "minAvailable")).isEqualTo(1);
	}

	@Test
	void addsIngestionToReadinessOnlyWhenAsked() {
		String properties = new Helm(CHART).template()
			.withName("lakegov")
			.set("health.ingestionInReadiness", "true")
			.call();
		assertThat(properties).contains("management.endpoint.health.group.readiness.include=readinessState,db,ingest");
	}

	@Test
	void runsTheDemoOnlyWhenAskedAndNeverBesideASource() {
		assertThat(render(null).properties()).contains("lakegov.demo.enabled=false");
		assertThat(render(PRODUCTION).properties()).contains("lakegov.demo.enabled=false");
		assertThat(new Helm(CHART).template().withName("lakegov").set("demo", "true").call())
			.contains("lakegov.demo.enabled=true");
		assertThatThrownBy(() -> new Helm(CHART).template()
			.withName("lakegov")
			.set("demo", "true")
			.set("source.url", "jdbc:databricks://h:443")
			.set("source.existingSecret", "databricks")
			.call()).hasMessageContaining("demo is instead of a source");
	}

	@Test
	void givesMigrationsTimeToRunAndStopsWithoutDroppingRequests() {
		Manifests manifests = render(null);
		Map<String, Object> container = manifests.container();
		assertThat(path(container, "startupProbe", "failureThreshold")).isEqualTo(360);
		for (String probe : List.of("startupProbe", "livenessProbe", "readinessProbe")) {
			assertThat(path(container, probe, "timeoutSeconds")).as(probe).isEqualTo(3);
		}
		assertThat(path(container, "lifecycle", "preStop", "exec", "command")).isEqualTo(List.of("sleep", "10"));
		assertThat(path(manifests.podSpec(), "terminationGracePeriodSeconds")).isEqualTo(60);
		assertThat(manifests.env()).doesNotContainKey("JAVA_TOOL_OPTIONS");
		assertThat(render(PRODUCTION).env()).containsKey("JDK_JAVA_OPTIONS").doesNotContainKey("JAVA_TOOL_OPTIONS");
	}

	@Test
	void keepsAReplicaThroughNodeDrainsAndSpreadsThemAcrossNodes() {
		Manifests manifests = render(null);
		assertThat(path(manifests.one("PodDisruptionBudget"), "spec", "minAvailable")).isEqualTo(1);
		assertThat(list(manifests.podSpec(), "topologySpreadConstraints")).singleElement()
			.satisfies(spread -> assertThat(spread).containsEntry("topologyKey", "kubernetes.io/hostname")
				.containsEntry("whenUnsatisfiable", "ScheduleAnyway"));
		String single = new Helm(CHART).template().withName("lakegov").set("replicaCount", "1").call();
		assertThat(Manifests.parse(single).kinds()).as("one replica: a budget would block every drain")
			.doesNotContain("PodDisruptionBudget");
	}

	@Test
	void signsPrometheusInWhereTheMetricsAreNotPublic() {
		String privateMetrics = "config.lakegov\\.security\\.prometheus-public";
		assertThatThrownBy(() -> new Helm(CHART).template()
			.withName("lakegov")
			.set("serviceMonitor.enabled", "true")
			.set(privateMetrics, "false")
			.call()).hasMessageContaining("Prometheus cannot send an API key").hasMessageContaining("serviceMonitor.oauth2");
		Manifests manifests = Manifests.parse(new Helm(CHART).template()
			.withName("lakegov")
			.set("serviceMonitor.enabled", "true")
			.set(privateMetrics, "false")
			.set("serviceMonitor.oauth2.clientId.secret.name", "prometheus-client")
			.set("serviceMonitor.oauth2.clientId.secret.key", "id")
			.set("serviceMonitor.oauth2.clientSecret.name", "prometheus-client")
			.set("serviceMonitor.oauth2.clientSecret.key", "secret")
			.set("serviceMonitor.oauth2.tokenUrl", "https://login.example.com/realms/corp/protocol/openid-connect/token")
			.call());
		Map<String, Object> endpoint = list(map(path(manifests.one("ServiceMonitor"), "spec")), "endpoints").get(0);
		assertThat(path(endpoint, "oauth2", "tokenUrl")).isEqualTo(
				"https://login.example.com/realms/corp/protocol/openid-connect/token");
		assertThat(path(endpoint, "oauth2", "clientSecret", "name")).isEqualTo("prometheus-client");
		assertThat(manifests.properties()).contains("lakegov.security.prometheus-public=false");
	}

	@Test
	void takesTheKeysThatSealWatchSecretsFromASecret() {
		assertThat(render(null).env()).doesNotContainKey("LAKEGOV_WATCH_SECRETSKEYS");
		Manifests manifests = Manifests.parse(new Helm(CHART).template()
			.withName("lakegov")
			.set("watch.existingSecret", "lakegov-watch-keys")
			.call());
		Map<String, Object> variable = manifests.env().get("LAKEGOV_WATCH_SECRETSKEYS");
		assertThat(path(variable, "valueFrom", "secretKeyRef", "name")).isEqualTo("lakegov-watch-keys");
		assertThat(path(variable, "valueFrom", "secretKeyRef", "key")).isEqualTo("secrets-keys");
	}

	@Test
	void refusesASourceWithoutTheSecretOfItsToken() {
		assertThatThrownBy(() -> new Helm(CHART).template().withName("lakegov").set("source.url", "jdbc:databricks://h:443").call())
			.hasMessageContaining("source.existingSecret");
	}

	@Test
	void configuresOnlyPropertiesTheServiceKnowsAndTheReadmeDocuments() throws Exception {
		String metadata = Files.readString(Path.of("target", "classes", "META-INF", "spring-configuration-metadata.json"));
		String readme = Files.readString(Path.of("README.md"));
		for (Manifests manifests : List.of(render(null), render(PRODUCTION), render(REGIONS))) {
			for (String line : manifests.properties().lines().toList()) {
				String key = line.substring(0, line.indexOf('='));
				if (key.startsWith("lakegov.sources[")) {
					// a list of records has one metadata entry; its keys are the record's components
					String name = key.substring(key.indexOf("].") + 2);
					assertThat(metadata).contains("\"name\": \"lakegov.sources\"");
					assertThat(Arrays.stream(SourceSettings.class.getRecordComponents())
						.map(component -> component.getName().replaceAll("([A-Z])", "-$1").toLowerCase(Locale.ROOT)))
						.as(key).contains(name);
					assertThat(documented(readme, key.replaceFirst("\\[\\d+]", "[i]"))).as("README documents %s", key).isTrue();
				}
				else if (key.startsWith("lakegov.")) {
					assertThat(metadata).as(key).contains("\"name\": \"" + key + "\"");
					assertThat(documented(readme, key)).as("README documents %s", key).isTrue();
				}
			}
		}
	}

	@Test
	void rendersManifestsThatMatchTheKubernetesApiSchema() {
		for (Manifests manifests : List.of(render(null), render(PRODUCTION), render(REGIONS))) {
			for (Map<String, Object> manifest : manifests.documents()) {
				String kind = (String) manifest.get("kind");
				if (KubernetesSchema.covers(kind)) {
					assertThat(KubernetesSchema.violations(manifest)).as(kind).isEmpty();
				}
				else {
					assertThat(kind).isIn("ServiceMonitor", "PrometheusRule");
				}
			}
		}
	}

	@Test
	void theSchemaCheckFindsMisspelledFieldsAndWrongTypes() {
		Map<String, Object> wrongType = Manifests.parse("""
				apiVersion: apps/v1
				kind: Deployment
				metadata: {name: x}
				spec:
				  replicas: many
				""").documents().get(0);
		assertThat(KubernetesSchema.violations(wrongType)).anyMatch(violation -> violation.contains("replicas"));
		Map<String, Object> misspelled = Manifests.parse("""
				apiVersion: apps/v1
				kind: Deployment
				metadata: {name: x}
				spec:
				  template:
				    spec:
				      containers:
				        - name: x
				          readinessProbes: {}
				""").documents().get(0);
		assertThat(KubernetesSchema.violations(misspelled)).anyMatch(violation -> violation.contains("readinessProbes"));
		Map<String, Object> wrongVersion = Manifests.parse("apiVersion: extensions/v1beta1\nkind: Ingress\nmetadata: {name: x}\n")
			.documents().get(0);
		assertThat(KubernetesSchema.violations(wrongVersion)).anyMatch(violation -> violation.contains("networking.k8s.io/v1"));
	}

	@Test
	@SuppressWarnings("unchecked")
	void shipsAlertRulesWithASeverityAndASummaryEach() throws Exception {
		Map<String, Object> rules = new Yaml(new SafeConstructor(new LoaderOptions()))
			.load(Files.readString(CHART.resolve("files").resolve("prometheus-rules.yaml")));
		List<String> alerts = new ArrayList<>();
		for (Map<String, Object> group : list(rules, "groups")) {
			for (Map<String, Object> rule : list(group, "rules")) {
				alerts.add((String) rule.get("alert"));
				assertThat(rule.get("expr")).as("%s", rule.get("alert")).asString().contains("lakegov_");
				assertThat(((Map<String, Object>) rule.get("labels"))).containsKey("severity");
				assertThat(((Map<String, Object>) rule.get("annotations"))).containsKey("summary");
			}
		}
		assertThat(alerts).contains("LakegovNoSuccessfulIngestion", "LakegovIngestionRunsFailing", "LakegovIngestionLagging",
				"LakegovNoRowsRead", "LakegovUnanalysableShareJumped");
	}

	/** A row of the configuration table names the key, alone or as in {@code `lakegov.ingest.cron` / `zone`}. */
	private static boolean documented(String readme, String key) {
		String parent = key.substring(0, key.lastIndexOf('.') + 1);
		String last = key.substring(key.lastIndexOf('.') + 1);
		return readme.lines()
			.filter(line -> line.startsWith("| `"))
			.anyMatch(line -> line.contains("`" + key + "`")
					|| line.startsWith("| `" + parent) && line.contains(" / `" + last + "`"));
	}

	static Manifests render(Path values) {
		var template = new Helm(CHART).template().withName("lakegov").withNamespace("lakegov");
		if (values != null) {
			template = template.withValuesFile(values);
		}
		return Manifests.parse(template.call());
	}

	/** The value under the keys, null when a key is missing. */
	@SuppressWarnings("unchecked")
	static Object path(Map<String, Object> node, String... keys) {
		Object current = node;
		for (String key : keys) {
			if (!(current instanceof Map)) {
				return null;
			}
			current = ((Map<String, Object>) current).get(key);
		}
		return current;
	}

	@SuppressWarnings("unchecked")
	static Map<String, Object> map(Object node) {
		assertThat(node).isInstanceOf(Map.class);
		return (Map<String, Object>) node;
	}

	@SuppressWarnings("unchecked")
	static List<Map<String, Object>> list(Map<String, Object> node, String key) {
		return (List<Map<String, Object>>) node.get(key);
	}

	/** The documents of a rendered chart. */
	record Manifests(List<Map<String, Object>> documents) {

		@SuppressWarnings("unchecked")
		static Manifests parse(String rendered) {
			List<Map<String, Object>> documents = new ArrayList<>();
			for (Object document : new Yaml(new SafeConstructor(new LoaderOptions())).loadAll(rendered)) {
				if (document != null) {
					documents.add((Map<String, Object>) document);
				}
			}
			return new Manifests(documents);
		}

		List<String> kinds() {
			return documents.stream().map(document -> (String) document.get("kind")).toList();
		}

		Map<String, Object> one(String kind) {
			List<Map<String, Object>> found = documents.stream().filter(document -> kind.equals(document.get("kind"))).toList();
			assertThat(found).as(kind).hasSize(1);
			return found.get(0);
		}

		Map<String, Object> podSpec() {
			return map(path(one("Deployment"), "spec", "template", "spec"));
		}

		Map<String, Object> container() {
			List<Map<String, Object>> containers = list(podSpec(), "containers");
			assertThat(containers).hasSize(1);
			return containers.get(0);
		}

		Map<String, Map<String, Object>> env() {
			Map<String, Map<String, Object>> env = new LinkedHashMap<>();
			list(container(), "env").forEach(variable -> env.put((String) variable.get("name"), variable));
			return env;
		}

		String properties() {
			return (String) path(one("ConfigMap"), "data", "application.properties");
		}

	}

}
