package io.lakegov.web;

import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.info.Info;
import io.swagger.v3.oas.models.info.License;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import io.swagger.v3.oas.models.security.SecurityScheme;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The OpenAPI description served at {@code /v3/api-docs} and shown in Swagger UI. */
@Configuration(proxyBeanMethods = false)
class OpenApiConfig {

	static final String API_KEY_SCHEME = "apiKey";

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

}
