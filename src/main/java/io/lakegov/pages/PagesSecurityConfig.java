package io.lakegov.pages;

import java.io.IOException;

import io.lakegov.web.ApiKeys;
import io.lakegov.web.Role;
import io.lakegov.web.SecurityProperties;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.security.oauth2.core.OAuth2AuthenticationException;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.csrf.CsrfException;
import org.springframework.security.web.savedrequest.HttpSessionRequestCache;

/**
 * The pages' own filter chain, before the API's: it matches only the pages and their static files. A person
 * signs in once, with an API key or through the identity provider when {@code lakegov.security.oauth2.*} names
 * one with a client id ({@link ProviderSignIn}), and then carries a session cookie; every form carries a CSRF
 * token; a page asked for without a session leads to the sign-in form and back. The API's chain stays
 * stateless.
 */
@Configuration(proxyBeanMethods = false)
class PagesSecurityConfig {

	static final String[] PAGES = { "/", "/login", "/logout", "/search", "/search/**", "/tables/**", "/columns",
			"/columns/**", "/users/**", "/rankings", "/rankings/**", "/schemas/**", "/unused", "/unused/**", "/retention", "/retention/**", "/changes", "/changes/**", "/ingestion",
			"/ingestion/**", "/assets/**", "/webjars/**",
			"/oauth2/authorization/**", "/login/oauth2/**" };

	private static final String[] OPEN = { "/login", "/assets/**", "/webjars/**", "/oauth2/authorization/**",
			"/login/oauth2/**" };

	// scripts and styles from the service itself only; uPlot sizes its elements through style properties
	private static final String POLICY = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
			+ "img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

	@Bean
	@Order(1)
	SecurityFilterChain pagesFilterChain(HttpSecurity http, ApiKeys keys, SecurityProperties security) throws Exception {
		// after signing in, back to the page asked for, at the address it was asked for
		var requestCache = new HttpSessionRequestCache();
		requestCache.setMatchingRequestParameterName(null);
		http.securityMatcher(PAGES)
			.requestCache(cache -> cache.requestCache(requestCache))
			.authenticationProvider(new KeySignIn(keys))
			.formLogin(form -> form.loginPage("/login").passwordParameter("key").failureUrl("/login?error").permitAll())
			.logout(logout -> logout.logoutUrl("/logout").logoutSuccessUrl("/login?signedOut"))
			.httpBasic(basic -> basic.disable())
			.exceptionHandling(denied -> denied.accessDeniedHandler(PagesSecurityConfig::denied))
			.headers(headers -> headers.contentSecurityPolicy(csp -> csp.policyDirectives(POLICY)))
			.authorizeHttpRequests(requests -> requests.requestMatchers(OPEN)
				.permitAll()
				.anyRequest()
				.hasAnyRole(Role.VIEWER.name(), Role.OPERATOR.name(), Role.ADMIN.name()));
		if (security.oauth2().signInEnabled()) {
			var provider = new ProviderSignIn(security.oauth2());
			http.oauth2Login(login -> login.loginPage("/login")
				.clientRegistrationRepository(provider)
				.userInfoEndpoint(info -> info.oidcUserService(provider.users()))
				.failureHandler((request, response, failure) -> response.sendRedirect(request.getContextPath()
						+ (failure instanceof OAuth2AuthenticationException refused
								&& ProviderSignIn.NO_ROLE.equals(refused.getError().getErrorCode())
										? "/login?noRole" : "/login?providerError"))));
		}
		return http.build();
	}

	/**
	 * A form whose CSRF token the session no longer knows (the session ended while the page stayed open, or
	 * the service restarted) leads back to the sign-in form, which says why; anything else is refused.
	 */
	private static void denied(HttpServletRequest request, HttpServletResponse response, AccessDeniedException denied)
			throws IOException {
		if (denied instanceof CsrfException) {
			response.sendRedirect(request.getContextPath() + "/login?expired");
		}
		else {
			response.sendError(HttpServletResponse.SC_FORBIDDEN);
		}
	}

}
