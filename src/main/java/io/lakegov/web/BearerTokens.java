package io.lakegov.web;

import java.util.ArrayList;
import java.util.List;

import org.springframework.security.oauth2.core.DelegatingOAuth2TokenValidator;
import org.springframework.security.oauth2.core.OAuth2TokenValidator;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtClaimNames;
import org.springframework.security.oauth2.jwt.JwtClaimValidator;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.oauth2.jwt.JwtDecoders;
import org.springframework.security.oauth2.jwt.JwtValidators;
import org.springframework.security.oauth2.jwt.NimbusJwtDecoder;
import org.springframework.security.oauth2.jwt.SupplierJwtDecoder;

/**
 * Decodes and checks bearer tokens: signature by the provider's keys, expiry, the issuer when one is
 * configured, the audience when one is configured. The provider is asked for its keys on the first token,
 * not at startup, so the service starts while the provider is unreachable.
 */
final class BearerTokens {

	private BearerTokens() {
	}

	static JwtDecoder decoder(SecurityProperties.OAuth2 properties) {
		return new SupplierJwtDecoder(() -> {
			NimbusJwtDecoder decoder = properties.jwkSetUri() != null
					? NimbusJwtDecoder.withJwkSetUri(properties.jwkSetUri()).build()
					: (NimbusJwtDecoder) JwtDecoders.fromIssuerLocation(properties.issuerUri());
			decoder.setJwtValidator(validator(properties));
			return decoder;
		});
	}

	private static OAuth2TokenValidator<Jwt> validator(SecurityProperties.OAuth2 properties) {
		List<OAuth2TokenValidator<Jwt>> validators = new ArrayList<>();
		validators.add(properties.issuerUri() == null ? JwtValidators.createDefault()
				: JwtValidators.createDefaultWithIssuer(properties.issuerUri()));
		if (properties.audience() != null) {
			String audience = properties.audience();
			validators.add(new JwtClaimValidator<List<String>>(JwtClaimNames.AUD,
					aud -> aud != null && aud.contains(audience)));
		}
		return new DelegatingOAuth2TokenValidator<>(validators);
	}

}
