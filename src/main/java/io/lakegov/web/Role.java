package io.lakegov.web;

import java.util.Locale;
import java.util.Optional;

/**
 * What a caller may do. Each role includes the ones before it: an operator is also a viewer, an admin
 * also an operator.
 */
public enum Role {

	/** Usage, readers, writers, rankings, impact, retention, catalog and analysis; statement texts redacted. */
	VIEWER,

	/** A viewer who may also start and inspect ingestion runs, backfills and re-analysis. */
	OPERATOR,

	/** An operator who may also read raw statement texts. */
	ADMIN;

	/** The role's name as configured and documented: {@code viewer}, {@code operator}, {@code admin}. */
	public String id() {
		return name().toLowerCase(Locale.ROOT);
	}

	public String authority() {
		return "ROLE_" + name();
	}

	boolean includes(Role required) {
		return compareTo(required) >= 0;
	}

	static Optional<Role> parse(String value) {
		for (Role role : values()) {
			if (role.id().equalsIgnoreCase(value.strip())) {
				return Optional.of(role);
			}
		}
		return Optional.empty();
	}

	static Optional<Role> ofAuthority(String authority) {
		for (Role role : values()) {
			if (role.authority().equals(authority)) {
				return Optional.of(role);
			}
		}
		return Optional.empty();
	}

}
