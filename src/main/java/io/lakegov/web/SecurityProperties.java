package io.lakegov.web;

import java.util.Collection;
import java.util.List;
import java.util.Optional;

import org.jspecify.annotations.Nullable;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Who may call {@code /api/**}, and how.
 *
 * @param apiKeys keys accepted in the {@code X-API-Key} header: {@code role:key}, {@code role:sha256:<hex>}
 * or a bare key (admin); on the embedded default with none configured, an admin key is generated at first
 * start and kept beside the embedded data
 * @param oauth2 bearer tokens of an identity provider
 * @param prometheusPublic whether {@code /actuator/prometheus} answers without credentials
 * @param gatewayAuthenticated the service sits behind a gateway that authenticates every request: requests
 * without credentials of their own get {@code gatewayRole}
 * @param gatewayRole the role of requests the gateway let through
 */
@ConfigurationProperties("lakegov.security")
public record SecurityProperties(@DefaultValue List<String> apiKeys, @DefaultValue OAuth2 oauth2,
		@DefaultValue("true") boolean prometheusPublic, @DefaultValue("false") boolean gatewayAuthenticated,
		@DefaultValue("viewer") Role gatewayRole) {

	public SecurityProperties {
		apiKeys = apiKeys == null ? List.of() : apiKeys.stream().map(String::strip).filter(key -> !key.isEmpty()).toList();
	}

	/**
	 * Bearer tokens (JWT) of an identity provider.
	 *
	 * @param issuerUri the provider's issuer; its keys are discovered from there, and tokens must name it
	 * @param jwkSetUri where the provider's signing keys are, when not discovered from the issuer
	 * @param audience when set, tokens must name it in {@code aud}
	 * @param roleClaim the claim that holds the caller's groups (a string or a list of strings)
	 * @param viewerGroups groups that make a caller a viewer
	 * @param operatorGroups groups that make a caller an operator
	 * @param adminGroups groups that make a caller an admin
	 * @param clientId lakegov's client id at the provider: with the issuer, people sign in to the pages through
	 * the provider (authorization code flow)
	 * @param clientSecret that client's secret
	 * @param scopes the scopes the pages ask for when a person signs in
	 */
	public record OAuth2(@Nullable String issuerUri, @Nullable String jwkSetUri, @Nullable String audience,
			@DefaultValue("groups") String roleClaim, @DefaultValue("viewer") List<String> viewerGroups,
			@DefaultValue("operator") List<String> operatorGroups, @DefaultValue("admin") List<String> adminGroups,
			@Nullable String clientId, @Nullable String clientSecret,
			@DefaultValue({ "openid", "profile", "email" }) List<String> scopes) {

		public OAuth2 {
			issuerUri = blankToNull(issuerUri);
			jwkSetUri = blankToNull(jwkSetUri);
			audience = blankToNull(audience);
			clientId = blankToNull(clientId);
			clientSecret = blankToNull(clientSecret);
			scopes = scopes == null || scopes.isEmpty() ? List.of("openid") : List.copyOf(scopes);
		}

		boolean enabled() {
			return issuerUri != null || jwkSetUri != null;
		}

		/** Whether people sign in to the pages through the provider: it has an issuer and lakegov a client id. */
		public boolean signInEnabled() {
			return issuerUri != null && clientId != null;
		}

		/**
		 * The role of a caller whose groups are in this claim's value (a string of names separated by spaces or
		 * commas, or a list): the highest role one of them maps to; none when none does.
		 */
		public Optional<Role> role(@Nullable Object groupsClaim) {
			Role best = null;
			for (String group : groups(groupsClaim)) {
				Role role = adminGroups.contains(group) ? Role.ADMIN
						: operatorGroups.contains(group) ? Role.OPERATOR : viewerGroups.contains(group) ? Role.VIEWER : null;
				if (role != null && (best == null || role.includes(best))) {
					best = role;
				}
			}
			return Optional.ofNullable(best);
		}

		private static List<String> groups(@Nullable Object claim) {
			if (claim instanceof String text) {
				return List.of(text.split("[\\s,]+"));
			}
			if (claim instanceof Collection<?> values) {
				return values.stream().map(String::valueOf).toList();
			}
			return List.of();
		}

		private static @Nullable String blankToNull(@Nullable String value) {
			return value == null || value.isBlank() ? null : value.strip();
		}

	}

}
