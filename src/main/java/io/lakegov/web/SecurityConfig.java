package io.lakegov.web;

import io.lakegov.embedded.EmbeddedDatabase;
import io.lakegov.embedded.EmbeddedDatabaseProperties;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.authorization.AuthorizationDecision;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.authentication.AnonymousAuthenticationFilter;
import org.springframework.security.web.firewall.HttpFirewall;
import org.springframework.security.web.firewall.RequestRejectedHandler;
import org.springframework.security.web.firewall.StrictHttpFirewall;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;
import tools.jackson.databind.json.JsonMapper;

/**
 * Health and the API documentation are public, Prometheus metrics public unless configured otherwise
 * (then any role may scrape), other actuator endpoints an installation exposes are for admins; everything under {@code /api} needs an API key or a bearer token, and each operation its role
 * ({@link RequiredRole}). Without any way to authenticate, the service refuses to start, unless it is
 * declared to sit behind an authenticating gateway.
 */
@Configuration(proxyBeanMethods = false)
class SecurityConfig implements WebMvcConfigurer {

	private final WebProperties web;

	SecurityConfig(WebProperties web) {
		this.web = web;
	}

	private static final String[] PUBLIC = { "/actuator/health", "/actuator/health/**", "/actuator/info",
			"/v3/api-docs", "/v3/api-docs/**", "/v3/api-docs.yaml", "/swagger-ui.html", "/swagger-ui/**", "/error" };

	@Bean
	ApiKeys apiKeys(SecurityProperties properties, ObjectProvider<EmbeddedDatabase> embedded,
			ObjectProvider<EmbeddedDatabaseProperties> embeddedProperties) {
		var directory = embedded.getIfAvailable() == null ? null : embeddedProperties.getObject().directory();
		ApiKeys keys = ApiKeyProvisioner.provision(properties, directory);
		if (keys.isEmpty() && !properties.oauth2().enabled() && !properties.gatewayAuthenticated()) {
			throw new IllegalStateException("No authentication is configured: set lakegov.security.api-keys, "
					+ "lakegov.security.oauth2.issuer-uri or lakegov.security.oauth2.jwk-set-uri, or "
					+ "lakegov.security.gateway-authenticated=true when a gateway in front authenticates every request");
		}
		return keys;
	}

	@Bean
	RequestRejectedHandler requestRejectedHandler(JsonMapper mapper) {
		return new ProblemRequestRejectedHandler(mapper);
	}

	/**
	 * Spring Security's strict firewall, which also refuses control characters (NUL above all, which no
	 * PostgreSQL text can hold) in parameter values and header values. It lets encoded slashes through: the
	 * container keeps them encoded inside their segment ({@link ContainerConfig}), where a path table's name
	 * needs them ({@code delta.`s3://bucket/key`}); the path it checks then holds {@code %2F} as is, so a
	 * percent sign is let through too. The path variable is decoded once, after matching.
	 */
	@Bean
	HttpFirewall httpFirewall() {
		StrictHttpFirewall firewall = new StrictHttpFirewall();
		firewall.setAllowUrlEncodedSlash(true);
		firewall.setAllowUrlEncodedDoubleSlash(true);
		firewall.setAllowUrlEncodedPercent(true);
		firewall.setAllowedParameterValues(SecurityConfig::printable);
		firewall.setAllowedHeaderValues(SecurityConfig::printable);
		return firewall;
	}

	private static boolean printable(String value) {
		for (int i = 0; i < value.length(); i++) {
			char c = value.charAt(i);
			if (c < 0x20 && c != '\t' || c == 0x7f) {
				return false;
			}
		}
		return true;
	}

	@Override
	public void addInterceptors(InterceptorRegistry registry) {
		registry.addInterceptor(new RoleInterceptor()).addPathPatterns("/api/**");
		if (web.rateLimit().enabled()) {
			registry.addInterceptor(new RateLimitInterceptor(web.rateLimit())).addPathPatterns("/api/**");
		}
	}

	@Bean
	SecurityFilterChain securityFilterChain(HttpSecurity http, ApiKeys keys, SecurityProperties properties,
			JsonMapper mapper) throws Exception {
		var entryPoint = new ProblemAuthenticationEntryPoint(mapper);
		http.csrf(csrf -> csrf.disable())
			.sessionManagement(session -> session.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
			.httpBasic(basic -> basic.disable())
			.formLogin(form -> form.disable())
			.logout(logout -> logout.disable())
			.requestCache(cache -> cache.disable())
			.addFilterBefore(new ApiKeyAuthenticationFilter(keys), AnonymousAuthenticationFilter.class)
			.exceptionHandling(handling -> handling.authenticationEntryPoint(entryPoint)
				.accessDeniedHandler((request, response, denied) -> ContainerProblems.write(response, 403,
						request.getRequestURI(), "Your credentials' role does not allow this.")))
			.authorizeHttpRequests(requests -> {
				requests.requestMatchers("/api/**").authenticated().requestMatchers(PUBLIC).permitAll();
				requests.requestMatchers("/actuator/prometheus")
					.access(properties.prometheusPublic() ? (authentication, context) -> new AuthorizationDecision(true)
							: (authentication, context) -> new AuthorizationDecision(Callers.role(authentication.get()).isPresent()));
				// whatever else an installation exposes (env, configprops ...) is for admins
				requests.requestMatchers("/actuator/**").hasRole(Role.ADMIN.name());
				requests.anyRequest().permitAll();
			});
		if (properties.oauth2().enabled()) {
			http.oauth2ResourceServer(server -> server.authenticationEntryPoint(entryPoint)
				.jwt(jwt -> jwt.decoder(BearerTokens.decoder(properties.oauth2()))
					.jwtAuthenticationConverter(new JwtRoles(properties.oauth2()))));
		}
		if (properties.gatewayAuthenticated()) {
			http.addFilterBefore(new GatewayAuthenticationFilter(properties.gatewayRole()),
					AnonymousAuthenticationFilter.class);
		}
		return http.build();
	}

}
