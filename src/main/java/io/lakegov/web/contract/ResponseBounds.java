package io.lakegov.web.contract;

import java.math.BigDecimal;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Stream;

import io.lakegov.web.ContractBounds;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.responses.ApiResponse;
import org.springdoc.core.customizers.OpenApiCustomizer;

/**
 * Declares the bounds of what lakegov answers where the code declares none narrower: a value whose Java
 * type is its only limit says so. Dates are ten characters (YYYY-MM-DD), instants at most
 * {@value ContractBounds#DATE_TIME_LENGTH}, other strings and lists at most {@link Integer#MAX_VALUE} long, integers within
 * their format ({@code int32}, {@code int64}). Narrower bounds come from {@code @Schema},
 * {@code @ArraySchema} and Bean Validation on the records themselves.
 * <p>
 * Only schemas that no parameter or request body uses are completed: what a caller sends must declare
 * bounds the service enforces, so an input without them stays a finding of the contract's lint.
 */
final class ResponseBounds implements OpenApiCustomizer {

	private static final String REF_PREFIX = "#/components/schemas/";

	@Override
	public void customise(OpenAPI openApi) {
		Map<String, Schema<?>> components = new HashMap<>();
		if (openApi.getComponents() != null && openApi.getComponents().getSchemas() != null) {
			openApi.getComponents().getSchemas().forEach(components::put);
		}
		Set<String> inputs = inputSchemaNames(openApi, components);
		components.forEach((name, schema) -> {
			if (!inputs.contains(name)) {
				complete(schema);
			}
		});
		operations(openApi).map(Operation::getResponses)
			.filter(Objects::nonNull)
			.flatMap(responses -> responses.values().stream())
			.map(ApiResponse::getContent)
			.flatMap(ResponseBounds::schemas)
			.forEach(ResponseBounds::complete);
	}

	private static Stream<Operation> operations(OpenAPI openApi) {
		return openApi.getPaths() == null ? Stream.empty()
				: openApi.getPaths().values().stream().flatMap(path -> path.readOperations().stream());
	}

	private static Stream<Schema<?>> schemas(Content content) {
		return content == null ? Stream.empty()
				: content.values().stream().<Schema<?>>map(MediaType::getSchema).filter(Objects::nonNull);
	}

	/** The component schemas a parameter or request body refers to, directly or through other schemas. */
	private static Set<String> inputSchemaNames(OpenAPI openApi, Map<String, Schema<?>> components) {
		Deque<Schema<?>> pending = new ArrayDeque<>();
		operations(openApi).forEach(operation -> {
			if (operation.getParameters() != null) {
				operation.getParameters()
					.stream()
					.<Schema<?>>map(Parameter::getSchema)
					.filter(Objects::nonNull)
					.forEach(pending::add);
			}
			if (operation.getRequestBody() != null) {
				schemas(operation.getRequestBody().getContent()).forEach(pending::add);
			}
		});
		Set<String> names = new HashSet<>();
		Set<Schema<?>> seen = Collections.newSetFromMap(new IdentityHashMap<>());
		while (!pending.isEmpty()) {
			Schema<?> schema = pending.pop();
			if (!seen.add(schema)) {
				continue;
			}
			String ref = schema.get$ref();
			if (ref != null && ref.startsWith(REF_PREFIX)) {
				String name = ref.substring(REF_PREFIX.length());
				if (names.add(name) && components.get(name) != null) {
					pending.add(components.get(name));
				}
			}
			children(schema).forEach(pending::add);
		}
		return names;
	}

	private static Stream<Schema<?>> children(Schema<?> schema) {
		List<Schema<?>> children = new ArrayList<>();
		if (schema.getProperties() != null) {
			schema.getProperties().values().forEach(children::add);
		}
		if (schema.getItems() != null) {
			children.add(schema.getItems());
		}
		if (schema.getAdditionalProperties() instanceof Schema<?> additional) {
			children.add(additional);
		}
		Stream.of(schema.getAllOf(), schema.getAnyOf(), schema.getOneOf())
			.filter(Objects::nonNull)
			.flatMap(Collection::stream)
			.forEach(children::add);
		return children.stream();
	}

	private static void complete(Schema<?> schema) {
		if (schema.get$ref() == null) {
			if (is(schema, "string")) {
				completeString(schema);
			}
			else if (is(schema, "integer")) {
				completeInteger(schema);
			}
			else if (is(schema, "array") && schema.getMaxItems() == null) {
				schema.setMaxItems(Integer.MAX_VALUE);
			}
		}
		children(schema).forEach(ResponseBounds::complete);
	}

	private static void completeString(Schema<?> schema) {
		if (schema.getMaxLength() != null || schema.getEnum() != null || schema.getConst() != null) {
			return;
		}
		String format = schema.getFormat();
		if ("date".equals(format)) {
			schema.setMaxLength(ContractBounds.DATE_LENGTH);
			if (schema.getPattern() == null) {
				schema.setPattern(ContractBounds.DATE_PATTERN);
			}
		}
		else if ("date-time".equals(format)) {
			schema.setMaxLength(ContractBounds.DATE_TIME_LENGTH);
		}
		else if ("uuid".equals(format)) {
			schema.setMaxLength(36);
		}
		else {
			schema.setMaxLength(Integer.MAX_VALUE);
		}
	}

	private static void completeInteger(Schema<?> schema) {
		boolean int32 = "int32".equals(schema.getFormat());
		if (schema.getMinimum() == null && schema.getExclusiveMinimumValue() == null) {
			schema.setMinimum(BigDecimal.valueOf(int32 ? Integer.MIN_VALUE : Long.MIN_VALUE));
		}
		if (schema.getMaximum() == null && schema.getExclusiveMaximumValue() == null) {
			schema.setMaximum(BigDecimal.valueOf(int32 ? Integer.MAX_VALUE : Long.MAX_VALUE));
		}
	}

	private static boolean is(Schema<?> schema, String type) {
		return type.equals(schema.getType()) || (schema.getTypes() != null && schema.getTypes().contains(type));
	}

}
