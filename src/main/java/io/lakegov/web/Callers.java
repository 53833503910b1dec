package io.lakegov.web;

import java.util.Optional;

import org.springframework.security.authentication.AnonymousAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.GrantedAuthority;
import org.springframework.security.core.context.SecurityContextHolder;

/** Who is calling: the role and the stable name of the current request's credentials. */
public final class Callers {

	private Callers() {
	}

	/** The highest role the current request's credentials carry, if any. */
	public static Optional<Role> role() {
		return role(SecurityContextHolder.getContext().getAuthentication());
	}

	/** Whether the caller may see raw statement texts; everyone else sees them redacted. */
	public static boolean maySeeRawSql() {
		return role().map(role -> role.includes(Role.ADMIN)).orElse(false);
	}

	/**
	 * A stable name of the caller's credentials (a key's id, a token's subject), never the secret itself;
	 * {@code anonymous} without credentials.
	 */
	public static String name() {
		Authentication authentication = SecurityContextHolder.getContext().getAuthentication();
		return authentication == null || authentication instanceof AnonymousAuthenticationToken
				|| !authentication.isAuthenticated() ? "anonymous" : authentication.getName();
	}

	static Optional<Role> role(Authentication authentication) {
		if (authentication == null || !authentication.isAuthenticated()) {
			return Optional.empty();
		}
		return authentication.getAuthorities()
			.stream()
			.map(GrantedAuthority::getAuthority)
			.map(Role::ofAuthority)
			.flatMap(Optional::stream)
			.max(Enum::compareTo);
	}

}
