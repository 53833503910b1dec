package io.lakegov.deploy;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.networking.v1.Ingress;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget;

/**
 * A schema check of rendered manifests in the manner of kubeconform, on the Kubernetes API's own types
 * (fabric8's model, generated from the API's OpenAPI document): the kind and apiVersion must be
 * known, every field must exist where it is written, and every value must have the field's type.
 * Custom resources (ServiceMonitor, PrometheusRule) are outside that model and not checked here.
 */
final class KubernetesSchema {

	static final Map<String, Class<? extends HasMetadata>> KINDS = Map.of("ConfigMap", ConfigMap.class, "Service",
			Service.class, "Deployment", Deployment.class, "PodDisruptionBudget", PodDisruptionBudget.class, "Ingress",
			Ingress.class);

	private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory())
		.enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES);

	private KubernetesSchema() {
	}

	/** Whether the kind is one this check knows. */
	static boolean covers(String kind) {
		return KINDS.containsKey(kind);
	}

	/** What is wrong with one manifest, as JSON-path-like locations; empty when it is valid. */
	static List<String> violations(Map<String, Object> manifest) {
		String kind = (String) manifest.get("kind");
		Class<? extends HasMetadata> type = KINDS.get(kind);
		List<String> violations = new ArrayList<>();
		if (type == null) {
			violations.add("unknown kind " + kind);
			return violations;
		}
		if (!HasMetadata.getApiVersion(type).equals(manifest.get("apiVersion"))) {
			violations.add(kind + ": apiVersion " + manifest.get("apiVersion") + " is not " + HasMetadata.getApiVersion(type));
		}
		try {
			Object typed = YAML.convertValue(manifest, type);
			unknownFields(typed, kind, violations);
		}
		catch (IllegalArgumentException ex) {
			violations.add(kind + ": " + ex.getMessage());
		}
		return violations;
	}

	/** Fields the model does not know end up in its additional properties. */
	private static void unknownFields(Object node, String path, List<String> violations) {
		if (node == null) {
			return;
		}
		if (node instanceof Collection<?> items) {
			int i = 0;
			for (Object item : items) {
				unknownFields(item, path + "[" + i++ + "]", violations);
			}
			return;
		}
		if (node instanceof Map<?, ?> entries) {
			entries.forEach((key, value) -> unknownFields(value, path + "." + key, violations));
			return;
		}
		if (!node.getClass().getName().startsWith("io.fabric8.kubernetes.api.model")) {
			return;
		}
		for (Method getter : node.getClass().getMethods()) {
			if (getter.getParameterCount() != 0 || Modifier.isStatic(getter.getModifiers())
					|| !getter.getName().startsWith("get") || getter.getDeclaringClass() == Object.class) {
				continue;
			}
			Object value;
			try {
				value = getter.invoke(node);
			}
			catch (ReflectiveOperationException ex) {
				throw new IllegalStateException(ex);
			}
			if (getter.getName().equals("getAdditionalProperties")) {
				if (value instanceof Map<?, ?> extra && !extra.isEmpty()) {
					extra.keySet().forEach(key -> violations.add(path + "." + key + ": no such field"));
				}
			}
			else {
				unknownFields(value, path + "." + decapitalise(getter.getName().substring(3)), violations);
			}
		}
	}

	private static String decapitalise(String name) {
		return name.isEmpty() ? name : Character.toLowerCase(name.charAt(0)) + name.substring(1);
	}

}
