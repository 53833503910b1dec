package io.lakegov.web;

import java.io.IOException;
import java.util.List;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Authenticates a request that carries an accepted key in the {@code X-API-Key} header, with the key's
 * role; its name is the key's id, never the key.
 */
final class ApiKeyAuthenticationFilter extends OncePerRequestFilter {

	static final String HEADER = "X-API-Key";

	private final ApiKeys keys;

	ApiKeyAuthenticationFilter(ApiKeys keys) {
		this.keys = keys;
	}

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		keys.match(request.getHeader(HEADER)).ifPresent(key -> {
			var authentication = UsernamePasswordAuthenticationToken.authenticated(key.id(), null,
					List.of(new SimpleGrantedAuthority(key.role().authority())));
			SecurityContextHolder.getContext().setAuthentication(authentication);
		});
		chain.doFilter(request, response);
	}

}
