package io.lakegov.web;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class SecretsTests {

	@Test
	void masksTheSecretsOfTheUrlASourceShows() {
		assertThat(Secrets.mask("jdbc:databricks://h:443/default;AuthMech=3;UID=token;PWD=dapi123;x=1"))
			.isEqualTo("jdbc:databricks://h:443/default;AuthMech=3;UID=token;PWD=******;x=1");
		assertThat(Secrets.mask("jdbc:databricks://h:443/default;AuthMech=11;Auth_Flow=1;OAuth2Secret=s3;Auth_AccessToken=t0k"))
			.isEqualTo("jdbc:databricks://h:443/default;AuthMech=11;Auth_Flow=1;OAuth2Secret=******;Auth_AccessToken=******");
		assertThat(Secrets.mask("jdbc:postgresql://db:5432/history")).isEqualTo("jdbc:postgresql://db:5432/history");
	}

	@Test
	void masksPasswordsAndTokensInUrlsAndMessages() {
		assertThat(Secrets.mask("jdbc:databricks://h:443/default;AuthMech=3;UID=token;PWD=dapi0123456789abcdef01;x=1"))
			.isEqualTo("jdbc:databricks://h:443/default;AuthMech=3;UID=token;PWD=******;x=1");
		assertThat(Secrets.mask("jdbc:postgresql://h/db?user=a&password=s3cr3t&ssl=true"))
			.isEqualTo("jdbc:postgresql://h/db?user=a&password=******&ssl=true");
		assertThat(Secrets.mask("bad token dapi0123456789abcdef0123 refused")).isEqualTo("bad token ****** refused");
		assertThat(Secrets.mask("Connection to 127.0.0.1:1 refused")).isEqualTo("Connection to 127.0.0.1:1 refused");
		assertThat(Secrets.mask(null)).isNull();
	}

	@Test
	void maskedFailuresKeepTheirStackTracesAndCauses() {
		var failure = new IllegalStateException("url PWD=hunter2", new RuntimeException("token=abc"));
		Throwable masked = Secrets.masked(failure);
		assertThat(masked.getMessage()).isEqualTo("java.lang.IllegalStateException: url PWD=******");
		assertThat(masked.getCause().getMessage()).isEqualTo("java.lang.RuntimeException: token=******");
		assertThat(masked.getStackTrace()).isEqualTo(failure.getStackTrace());
	}

}
