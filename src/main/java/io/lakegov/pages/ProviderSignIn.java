package io.lakegov.pages;

import java.util.List;
import java.util.Map;

import io.lakegov.web.Role;
import io.lakegov.web.SecurityProperties;

import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.oauth2.client.oidc.userinfo.OidcUserRequest;
import org.springframework.security.oauth2.client.oidc.userinfo.OidcUserService;
import org.springframework.security.oauth2.client.registration.ClientRegistration;
import org.springframework.security.oauth2.client.registration.ClientRegistrationRepository;
import org.springframework.security.oauth2.client.registration.ClientRegistrations;
import org.springframework.security.oauth2.client.userinfo.OAuth2UserService;
import org.springframework.security.oauth2.core.OAuth2AuthenticationException;
import org.springframework.security.oauth2.core.OAuth2Error;
import org.springframework.security.oauth2.core.oidc.user.DefaultOidcUser;
import org.springframework.security.oauth2.core.oidc.user.OidcUser;

/**
 * Signing in to the pages through the identity provider that {@code lakegov.security.oauth2.*} names, with the
 * authorization code flow: the provider's endpoints are discovered from its issuer at the first sign-in (not at
 * startup, so the service starts while the provider is unreachable), and a person gets the role their groups
 * give them, mapped as for the provider's bearer tokens on the API. Someone whose groups give no role is not
 * signed in.
 */
final class ProviderSignIn implements ClientRegistrationRepository {

	/** The registration's id, in the addresses of the flow ({@code /oauth2/authorization/lakegov}). */
	static final String REGISTRATION = "lakegov";

	/** The error code of a sign-in refused because the person's groups give no role. */
	static final String NO_ROLE = "lakegov_no_role";

	private final SecurityProperties.OAuth2 properties;

	private final OidcUserService users = new OidcUserService();

	private volatile ClientRegistration registration;

	ProviderSignIn(SecurityProperties.OAuth2 properties) {
		this.properties = properties;
	}

	@Override
	public ClientRegistration findByRegistrationId(String registrationId) {
		if (!REGISTRATION.equals(registrationId)) {
			return null;
		}
		ClientRegistration known = registration;
		if (known == null) {
			synchronized (this) {
				if (registration == null) {
					registration = ClientRegistrations.fromIssuerLocation(properties.issuerUri())
						.registrationId(REGISTRATION)
						.clientId(properties.clientId())
						.clientSecret(properties.clientSecret())
						.scope(properties.scopes())
						.redirectUri("{baseUrl}/login/oauth2/code/{registrationId}")
						.build();
				}
				known = registration;
			}
		}
		return known;
	}

	/** Loads the person from the ID token (and the user info endpoint, when the provider has one) and gives the role. */
	OAuth2UserService<OidcUserRequest, OidcUser> users() {
		return request -> {
			OidcUser user = users.loadUser(request);
			Role role = properties.role(user.getClaims().get(properties.roleClaim()))
				.orElseThrow(() -> new OAuth2AuthenticationException(new OAuth2Error(NO_ROLE,
						"None of the groups in the claim " + properties.roleClaim() + " gives a role in lakegov", null)));
			return new DefaultOidcUser(List.of(new SimpleGrantedAuthority(role.authority())), user.getIdToken(),
					user.getUserInfo(), nameClaim(user.getClaims()));
		};
	}

	/** The claim people are shown by: their user name, else their e-mail address, else the subject. */
	private static String nameClaim(Map<String, Object> claims) {
		for (String claim : List.of("preferred_username", "email")) {
			if (claims.get(claim) instanceof String value && !value.isBlank()) {
				return claim;
			}
		}
		return "sub";
	}

}
