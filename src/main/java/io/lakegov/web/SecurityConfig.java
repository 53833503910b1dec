package io.lakegov.web;

import io.lakegov.embedded.EmbeddedDatabase;
import io.lakegov.embedded.EmbeddedDatabaseProperties;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.authentication.AnonymousAuthenticationFilter;
import org.springframework.security.web.firewall.RequestRejectedHandler;
import tools.jackson.databind.json.JsonMapper;

/**
 * Health and the API documentation are public; everything under {@code /api} needs an API key.
 */
@Configuration(proxyBeanMethods = false)
class SecurityConfig {

	@Bean
	ApiKeys apiKeys(SecurityProperties properties, ObjectProvider<EmbeddedDatabase> embedded,
			ObjectProvider<EmbeddedDatabaseProperties> embeddedProperties) {
		var directory = embedded.getIfAvailable() == null ? null : embeddedProperties.getObject().directory();
		return ApiKeyProvisioner.provision(properties, directory);
	}

	@Bean
	RequestRejectedHandler requestRejectedHandler(JsonMapper mapper) {
		return new ProblemRequestRejectedHandler(mapper);
	}

	@Bean
	SecurityFilterChain securityFilterChain(HttpSecurity http, ApiKeys keys, JsonMapper mapper) throws Exception {
		var entryPoint = new ProblemAuthenticationEntryPoint(mapper);
		return http.csrf(csrf -> csrf.disable())
			.sessionManagement(session -> session.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
			.httpBasic(basic -> basic.disable())
			.formLogin(form -> form.disable())
			.logout(logout -> logout.disable())
			.requestCache(cache -> cache.disable())
			.addFilterBefore(new ApiKeyAuthenticationFilter(keys), AnonymousAuthenticationFilter.class)
			.exceptionHandling(handling -> handling.authenticationEntryPoint(entryPoint))
			.authorizeHttpRequests(requests -> requests.requestMatchers("/api/**")
				.authenticated()
				.requestMatchers("/actuator/health", "/actuator/health/**", "/actuator/info", "/actuator/prometheus",
						"/v3/api-docs", "/v3/api-docs/**", "/v3/api-docs.yaml", "/swagger-ui.html", "/swagger-ui/**",
						"/error")
				.permitAll()
				.anyRequest()
				.permitAll())
			.build();
	}

}
