package io.lakegov.pages;

import java.util.List;

import io.lakegov.web.ApiKeys;

import org.springframework.security.authentication.AuthenticationProvider;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.authority.SimpleGrantedAuthority;

/**
 * Signs a person in with an API key typed into the sign-in form (its password field): the key's role, and
 * the key's id as the name, as the API does for the same key.
 */
final class KeySignIn implements AuthenticationProvider {

	private final ApiKeys keys;

	KeySignIn(ApiKeys keys) {
		this.keys = keys;
	}

	@Override
	public Authentication authenticate(Authentication attempt) {
		Object credentials = attempt.getCredentials();
		var key = keys.match(credentials == null ? null : credentials.toString())
			.orElseThrow(() -> new BadCredentialsException("This key is not one of the accepted keys."));
		return UsernamePasswordAuthenticationToken.authenticated(key.id(), null,
				List.of(new SimpleGrantedAuthority(key.role().authority())));
	}

	@Override
	public boolean supports(Class<?> authentication) {
		return UsernamePasswordAuthenticationToken.class.isAssignableFrom(authentication);
	}

}
