package io.lakegov.web;

import java.util.List;

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
	 */
	public record OAuth2(@Nullable String issuerUri, @Nullable String jwkSetUri, @Nullable String audience,
			@DefaultValue("groups") String roleClaim, @DefaultValue("viewer") List<String> viewerGroups,
			@DefaultValue("operator") List<String> operatorGroups, @DefaultValue("admin") List<String> adminGroups) {

		public OAuth2 {
			issuerUri = blankToNull(issuerUri);
			jwkSetUri = blankToNull(jwkSetUri);
			audience = blankToNull(audience);
		}

		boolean enabled() {
			return issuerUri != null || jwkSetUri != null;
		}

		private static @Nullable String blankToNull(@Nullable String value) {
			return value == null || value.isBlank() ? null : value.strip();
		}

	}

}
