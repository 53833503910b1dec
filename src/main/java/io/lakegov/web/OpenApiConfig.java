package io.lakegov.web;

import java.math.BigDecimal;

import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.headers.Header;
import io.swagger.v3.oas.models.info.Contact;
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
import org.springdoc.core.customizers.OperationCustomizer;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpHeaders;

/** The OpenAPI description served at {@code /v3/api-docs} and shown in Swagger UI. */
@Configuration(proxyBeanMethods = false)
class OpenApiConfig {

	static final String API_KEY_SCHEME = "apiKey";

	static final String BEARER_SCHEME = "bearer";

	static final String PROBLEM_SCHEMA = "Problem";

	/** Free text lakegov composes or repeats has no bound narrower than a Java string's. */
	private static final int TEXT = Integer.MAX_VALUE;

	/** The most candidates an ambiguous table name lists (TableResolver's limit). */
	private static final int CANDIDATES = 20;

	/** How bearer tokens are checked; what Nimbus and BearerTokens do, in RFC 8725's terms. */
	private static final String BEARER_DESCRIPTION = """
			A JWT from the OAuth 2 provider named by lakegov.security.oauth2, checked as RFC8725 advises: signed \
			with a key the provider publishes in its JWK set and an algorithm of that key (unsigned tokens are \
			refused), not expired and not before its time, from the configured issuer and for the configured \
			audience when they are set. The roles come from lakegov.security.oauth2's roles claim.""";

	/** The OpenAPI extension that names an operation's least role. */
	public static final String ROLE_EXTENSION = "x-lakegov-role";

	@Bean
	OpenAPI lakegovOpenApi() {
		return new OpenAPI()
			.info(new Info().title("lakegov API")
				.version("v1")
				.description("""
						Who reads which lakehouse table and through which job, notebook or dashboard; \
						what breaks if a table is renamed or dropped; how long each table's history must be kept.""")
				.contact(new Contact().name("lakegov").url("https://lakegov.io"))
				.license(new License().name("Apache-2.0").url("https://www.apache.org/licenses/LICENSE-2.0")))
			.components(new Components()
				.addSecuritySchemes(API_KEY_SCHEME,
						new SecurityScheme().type(SecurityScheme.Type.APIKEY)
							.in(SecurityScheme.In.HEADER)
							.name(ApiKeyAuthenticationFilter.HEADER))
				.addSecuritySchemes(BEARER_SCHEME,
						new SecurityScheme().type(SecurityScheme.Type.HTTP)
							.scheme("bearer")
							.bearerFormat("JWT")
							.description(BEARER_DESCRIPTION)))
			.addSecurityItem(new SecurityRequirement().addList(API_KEY_SCHEME))
			.addSecurityItem(new SecurityRequirement().addList(BEARER_SCHEME));
	}

	/**
	 * Each operation names the least role it needs in {@code x-lakegov-role} and in its description, and
	 * answers 401 and 403 with problem details. An operation without {@link RequiredRole} gets neither, which
	 * the role matrix test reports.
	 */
	@Bean
	OperationCustomizer requiredRoles() {
		return (operation, handlerMethod) -> {
			Role role = RoleInterceptor.required(handlerMethod);
			if (role == null) {
				return operation;
			}
			operation.addExtension(ROLE_EXTENSION, role.id());
			String needs = "Needs the role `" + role.id() + "` or a higher one.";
			operation.setDescription(operation.getDescription() == null ? needs : operation.getDescription() + "\n\n" + needs);
			operation.getResponses()
				.addApiResponse("401", problem("No valid API key or bearer token"))
				.addApiResponse("403", problem("The credentials' role does not include " + role.id()));
			if (handlerMethod.hasMethodAnnotation(RateLimited.class)) {
				operation.getResponses()
					.addApiResponse("429", problem("Too many calls with these credentials; Retry-After says when to "
							+ "try again (lakegov.web.rate-limit)").addHeaderObject(HttpHeaders.RETRY_AFTER, retryAfter()));
			}
			return operation;
		};
	}

	/**
	 * Every operation that takes parameters or a body answers 400 with problem details when they are not
	 * valid (ProblemDetailsAdvice), and every operation may answer 500 (an unexpected failure, with an
	 * incident to quote) and 503 (the store cannot be reached, or a read ran past its time); springdoc cannot see that from the
	 * controllers, so it is added here, to every operation of every module.
	 */
	@Bean
	OpenApiCustomizer problemResponses() {
		return openApi -> {
			openApi.getComponents().addSchemas(PROBLEM_SCHEMA, problemSchema());
			openApi.getPaths().values().forEach(path -> path.readOperations().forEach(operation -> {
				if (takesInput(operation)) {
					operation.getResponses()
						.addApiResponse("400", problem("The parameters or the body are not valid; detail says what to fix"));
				}
				if (hasParameter(operation, "path", "id") && !operation.getResponses().containsKey("404")) {
					operation.getResponses().addApiResponse("404", problem("Nothing has this id"));
				}
				if (hasParameter(operation, "query", "source") && !operation.getResponses().containsKey("404")) {
					operation.getResponses().addApiResponse("404", problem("No source of query history has this name"));
				}
				operation.getResponses()
					.addApiResponse("500", problem("An unexpected failure; incident names the log entry to quote"))
					.addApiResponse("503", problem("The store cannot be reached for now, or a read took longer than "
							+ "lakegov.web.query-timeout allows (ask for less); Retry-After says when to try again")
						.addHeaderObject(HttpHeaders.RETRY_AFTER, retryAfter()));
			}));
		};
	}

	private static Header retryAfter() {
		return new Header().description("seconds to wait before trying again")
			.schema(new IntegerSchema().format("int32").minimum(BigDecimal.ONE).maximum(BigDecimal.valueOf(86_400)));
	}

	private static ApiResponse problem(String description) {
		return new ApiResponse().description(description)
			.content(new Content().addMediaType("application/problem+json",
					new MediaType().schema(new Schema<>().$ref("#/components/schemas/" + PROBLEM_SCHEMA))));
	}

	private static boolean hasParameter(Operation operation, String in, String name) {
		return operation.getParameters() != null && operation.getParameters()
			.stream()
			.anyMatch(parameter -> in.equals(parameter.getIn()) && name.equals(parameter.getName()));
	}

	private static boolean takesInput(Operation operation) {
		return (operation.getParameters() != null && !operation.getParameters().isEmpty())
				|| operation.getRequestBody() != null;
	}

	/** RFC 9457 problem details as lakegov answers them. */
	private static Schema<?> problemSchema() {
		Schema<?> error = new ObjectSchema()
			.addProperty("field", new StringSchema().maxLength(TEXT).description("the parameter or body field"))
			.addProperty("message", new StringSchema().maxLength(TEXT).description("what is wrong with it"));
		return new ObjectSchema().description("RFC 9457 problem details")
			.addProperty("type", new StringSchema().format("uri").maxLength(255).example(ProblemTypes.VALIDATION.toString()))
			.addProperty("title", new StringSchema().maxLength(255).description("the HTTP status' reason phrase"))
			.addProperty("status", new IntegerSchema().format("int32").minimum(BigDecimal.valueOf(400)).maximum(BigDecimal.valueOf(599)))
			.addProperty("detail", new StringSchema().maxLength(TEXT))
			.addProperty("instance", new StringSchema().format("uri").maxLength(TEXT))
			.addProperty("incident", new StringSchema().format("uuid").maxLength(36)
				.description("with 500: the reference of the log entry to quote"))
			.addProperty("errors", new ArraySchema().items(error).maxItems(Integer.MAX_VALUE)
				.description("Bean Validation failures, one per field"))
			.addProperty("candidates", new ArraySchema().items(new StringSchema().maxLength(TEXT)).maxItems(CANDIDATES)
				.description("the known tables an ambiguous one- or two-part name matches"));
	}

}
