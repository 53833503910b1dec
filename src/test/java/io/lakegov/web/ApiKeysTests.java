package io.lakegov.web;

import java.util.HexFormat;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class ApiKeysTests {

	@Test
	void bareKeyMeansAdminAsBefore() {
		var keys = new ApiKeys(List.of("old-key"));
		assertThat(keys.match("old-key")).get().extracting(ApiKeys.Key::role).isEqualTo(Role.ADMIN);
		assertThat(keys.match("old-key-2")).isEmpty();
		assertThat(keys.match("")).isEmpty();
		assertThat(keys.match(null)).isEmpty();
	}

	@Test
	void rolePrefixesGiveTheirRoles() {
		var keys = new ApiKeys(List.of("viewer:v-key", "OPERATOR:o-key", "admin:a-key", "unknown:u-key"));
		assertThat(keys.match("v-key")).get().extracting(ApiKeys.Key::role).isEqualTo(Role.VIEWER);
		assertThat(keys.match("o-key")).get().extracting(ApiKeys.Key::role).isEqualTo(Role.OPERATOR);
		assertThat(keys.match("a-key")).get().extracting(ApiKeys.Key::role).isEqualTo(Role.ADMIN);
		assertThat(keys.match("viewer:v-key")).isEmpty();
		assertThat(keys.match("unknown:u-key")).as("not a role: the whole entry is a bare admin key")
			.get()
			.extracting(ApiKeys.Key::role)
			.isEqualTo(Role.ADMIN);
	}

	@Test
	void acceptsSha256HashesOfKeys() {
		String hash = HexFormat.of().formatHex(ApiKeys.digest("hashed-key")).toUpperCase(java.util.Locale.ROOT);
		var keys = new ApiKeys(List.of("viewer:sha256:" + hash));
		assertThat(keys.match("hashed-key")).get().extracting(ApiKeys.Key::role).isEqualTo(Role.VIEWER);
		assertThat(keys.match(hash)).isEmpty();
	}

	@Test
	void idNamesTheKeyWithoutRevealingIt() {
		var key = new ApiKeys(List.of("operator:s3cret-value")).match("s3cret-value").orElseThrow();
		assertThat(key.id()).startsWith("key-").hasSize(16).doesNotContain("s3cret");
	}

	@Test
	void refusesMalformedEntriesWithoutEchoingThem() {
		assertThatIllegalArgumentException().isThrownBy(() -> new ApiKeys(List.of("viewer:sha256:abc")))
			.withMessageNotContaining("abc");
		assertThatIllegalArgumentException().isThrownBy(() -> new ApiKeys(List.of("admin:")));
	}

}
