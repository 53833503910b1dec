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
 * Behind a gateway that authenticates every request: a request that brought no credentials of lakegov's
 * own gets the configured role (one that brought a wrong key or token is refused as anywhere else).
 */
final class GatewayAuthenticationFilter extends OncePerRequestFilter {

	private final Role role;

	GatewayAuthenticationFilter(Role role) {
		this.role = role;
	}

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		if (SecurityContextHolder.getContext().getAuthentication() == null
				&& request.getHeader(ApiKeyAuthenticationFilter.HEADER) == null && request.getHeader("Authorization") == null) {
			SecurityContextHolder.getContext()
				.setAuthentication(UsernamePasswordAuthenticationToken.authenticated("gateway", null,
						List.of(new SimpleGrantedAuthority(role.authority()))));
		}
		chain.doFilter(request, response);
	}

}
