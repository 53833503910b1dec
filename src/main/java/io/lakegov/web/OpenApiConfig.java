package io.lakegov.web;

import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.info.Info;
import io.swagger.v3.oas.models.info.License;
import io.swagger.v3.oas.models.media.ArraySchema;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.IntegerSchema;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.ObjectSchema;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.media.StringSchema;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import io.swagger.v3.oas.models.security.SecurityScheme;
import org.springdoc.core.customizers.OpenApiCustomizer;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The OpenAPI description served at {@code /v3/api-docs} and shown in Swagger UI. */
@Configuration(proxyBeanMethods = false)
class OpenApiConfig {

	static final String API_KEY_SCHEME = "apiKey";

	static final String PROBLEM_SCHEMA = "Problem";

	@Bean
	OpenAPI lakegovOpenApi() {
		return new OpenAPI()
			.info(new Info().title("lakegov API")
				.version("v1")
				.description("""
						Who reads which lakehouse table and through which job, notebook or dashboard; \
						what breaks if a table is renamed or dropped; how long each table's history must be kept.""")
				.license(new License().name("Apache-2.0")))
			.components(new Components().addSecuritySchemes(API_KEY_SCHEME,
					new SecurityScheme().type(SecurityScheme.Type.APIKEY)
						.in(SecurityScheme.In.HEADER)
						.name(ApiKeyAuthenticationFilter.HEADER)))
			.addSecurityItem(new SecurityRequirement().addList(API_KEY_SCHEME));
	}

	/**
	 * Every operation that takes parameters or a body answers 400 with problem details when they are not
	 * valid (ProblemDetailsAdvice); springdoc cannot see that from the controllers, so it is added here.
	 */
	@Bean
	OpenApiCustomizer validationProblems() {
		return openApi -> {
			openApi.getComponents().addSchemas(PROBLEM_SCHEMA, problemSchema());
			openApi.getPaths().values().forEach(path -> path.readOperations().stream()
				.filter(OpenApiConfig::takesInput)
				.forEach(operation -> operation.getResponses().addApiResponse("400", new ApiResponse()
					.description("The parameters or the body are not valid; detail says what to fix")
					.content(new Content().addMediaType("application/problem+json",
							new MediaType().schema(new Schema<>().$ref("#/components/schemas/" + PROBLEM_SCHEMA)))))));
		};
	}

	private static boolean takesInput(Operation operation) {
		return (operation.getParameters() != null && !operation.getParameters().isEmpty())
				|| operation.getRequestBody() != null;
	}

	/** RFC 9457 problem details as lakegov answers them. */
	private static Schema<?> problemSchema() {
		Schema<?> error = new ObjectSchema().addProperty("field", new StringSchema()).addProperty("message", new StringSchema());
		return new ObjectSchema().description("RFC 9457 problem details")
			.addProperty("type", new StringSchema().format("uri").example(ProblemTypes.VALIDATION.toString()))
			.addProperty("title", new StringSchema())
			.addProperty("status", new IntegerSchema())
			.addProperty("detail", new StringSchema())
			.addProperty("instance", new StringSchema().format("uri"))
			.addProperty("errors", new ArraySchema().items(error)
				.description("Bean Validation failures, one per field"))
			.addProperty("candidates", new ArraySchema().items(new StringSchema())
				.description("the known tables an ambiguous one- or two-part name matches"));
	}

}
