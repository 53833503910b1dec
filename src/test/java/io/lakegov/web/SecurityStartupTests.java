package io.lakegov.web;

import java.util.List;

import io.lakegov.embedded.EmbeddedDatabase;
import io.lakegov.embedded.EmbeddedDatabaseProperties;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.support.StaticListableBeanFactory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/** Outside the embedded default, the service starts only with a way to authenticate. */
class SecurityStartupTests {

	private final StaticListableBeanFactory none = new StaticListableBeanFactory();

	private ApiKeys keys(SecurityProperties properties) {
		return new SecurityConfig(null).apiKeys(properties, none.getBeanProvider(EmbeddedDatabase.class),
				none.getBeanProvider(EmbeddedDatabaseProperties.class));
	}

	private static SecurityProperties.OAuth2 oauth2(String issuer) {
		return new SecurityProperties.OAuth2(issuer, null, null, "groups", List.of("viewer"), List.of("operator"),
				List.of("admin"), null, null, List.of("openid"));
	}

	@Test
	void refusesToStartWithoutAuthentication() {
		assertThatIllegalStateException()
			.isThrownBy(() -> keys(new SecurityProperties(List.of(), oauth2(null), true, false, Role.VIEWER)))
			.withMessageContaining("lakegov.security.gateway-authenticated");
	}

	@Test
	void startsWithKeysATokenIssuerOrBehindAGateway() {
		assertThat(keys(new SecurityProperties(List.of("viewer:k"), oauth2(null), true, false, Role.VIEWER)).isEmpty())
			.isFalse();
		assertThat(keys(new SecurityProperties(List.of(), oauth2("http://localhost:1"), true, false, Role.VIEWER))
			.isEmpty()).isTrue();
		assertThat(keys(new SecurityProperties(List.of(), oauth2(null), true, true, Role.VIEWER)).isEmpty()).isTrue();
	}

}
