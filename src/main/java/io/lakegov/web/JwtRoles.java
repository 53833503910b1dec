package io.lakegov.web;

import java.util.ArrayList;
import java.util.List;

import org.springframework.core.convert.converter.Converter;
import org.springframework.security.authentication.AbstractAuthenticationToken;
import org.springframework.security.core.GrantedAuthority;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.server.resource.authentication.JwtAuthenticationToken;

/**
 * The role of a bearer token: the highest of the roles its groups (in the configured claim) map to. A token
 * without a mapped group authenticates but may do nothing.
 */
final class JwtRoles implements Converter<Jwt, AbstractAuthenticationToken> {

	private final SecurityProperties.OAuth2 properties;

	JwtRoles(SecurityProperties.OAuth2 properties) {
		this.properties = properties;
	}

	@Override
	public AbstractAuthenticationToken convert(Jwt jwt) {
		List<GrantedAuthority> authorities = new ArrayList<>();
		properties.role(jwt.getClaim(properties.roleClaim()))
			.ifPresent(role -> authorities.add(new SimpleGrantedAuthority(role.authority())));
		return new JwtAuthenticationToken(jwt, authorities, jwt.getSubject() == null ? "token" : jwt.getSubject());
	}

}
