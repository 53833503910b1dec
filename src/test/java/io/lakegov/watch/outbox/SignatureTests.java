package io.lakegov.watch.outbox;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class SignatureTests {

	@Test
	void signsTheTimestampAndBodyWithHmacSha256() {
		// HMAC-SHA256("key", "1700000000.{}") computed independently with openssl
		assertThat(Signature.sign("key", 1700000000L, "{}".getBytes(StandardCharsets.UTF_8)))
			.isEqualTo("v1=9d713ed406bb7076d4123f0dc2c39d2df5c654ed4b0cd56b52c8b4c940bd63ae");
	}

	@Test
	void makesADifferentSecretEachTime() {
		assertThat(Signature.newSecret()).startsWith("whsec_").isNotEqualTo(Signature.newSecret());
	}

}
