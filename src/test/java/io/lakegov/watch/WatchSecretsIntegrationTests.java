package io.lakegov.watch;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import io.lakegov.support.IntegrationTest;
import io.lakegov.support.StoreReset;
import io.lakegov.watch.detect.ActiveWatches;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.util.unit.DataSize;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * A watch's signing secret and webhook URL are sealed in the store with the configured key, and deliveries
 * still carry the URL and the signature its creator was given; watches stored plain or under an earlier key
 * are sealed anew at the start, and a store whose key is missing does not start.
 */
@IntegrationTest(properties = "lakegov.watch.secrets-keys=" + WatchSecretsIntegrationTests.KEY + ","
		+ WatchSecretsIntegrationTests.EARLIER_KEY)
class WatchSecretsIntegrationTests {

	static final String KEY = "veUUmSZSLl+kcjPe47GRoE/bj+lxx1X6yoXV5mmVHmQ=";

	static final String EARLIER_KEY = "GqxitpTCbG7PPIpA6k5cmMvrA/GbT0jp3hRj2nmliT4=";

	@LocalServerPort
	int port;

	@Autowired
	JdbcClient jdbc;

	@Autowired
	ActiveWatches active;

	@Autowired
	WatchRepository watches;

	@Autowired
	WatchSecretsSealer sealer;

	@BeforeEach
	@AfterEach
	void reset() {
		StoreReset.reset(jdbc);
	}

	@Test
	void storesTheSecretAndUrlSealedAndDeliversWithThem() throws Exception {
		try (var receiver = WebhookReceiver.accepting()) {
			String url = receiver.url() + "?token=hook-token-1";
			JsonNode watch = WatchFixtures.watch(port, jdbc, active, Instant.now(), List.of("main.sales.*"),
					List.of("NEW_READER"), url, "generic");
			String secret = watch.get("secret").asString();
			Map<String, Object> stored = stored(watch.get("id").asLong());
			assertThat(stored.get("secret").toString()).startsWith(WatchSecrets.PREFIX).doesNotContain(secret);
			assertThat(stored.get("url").toString()).startsWith(WatchSecrets.PREFIX).doesNotContain("hook-token-1")
				.doesNotContain(receiver.url());

			JsonNode sample = WatchFixtures.operator(port).post()
				.uri("/api/v1/watches/" + watch.get("id").asLong() + "/test")
				.retrieve()
				.body(JsonNode.class);
			assertThat(sample.get("outcome").asString()).as("%s", sample).isEqualTo("DELIVERED");
			var request = receiver.accepted().get(0);
			assertThat(request.header("X-Lakegov-Signature"))
				.isEqualTo("v1=" + hmac(secret, request.header("X-Lakegov-Timestamp") + "." + request.body()));
			assertThat(watches.byId(watch.get("id").asLong()).orElseThrow().webhook().url()).isEqualTo(url);
		}
	}

	@Test
	void sealsPlainAndEarlierWatchesAtTheStart() {
		WatchSecrets earlier = new WatchSecrets(properties(List.of(EARLIER_KEY)));
		long plain = insert("https://hooks.example.com/plain?token=t1", "plain-secret");
		long older = insert(earlier.seal("https://hooks.example.com/older?token=t2"), earlier.seal("older-secret"));

		sealer.run(null);

		WatchSecrets current = new WatchSecrets(properties(List.of(KEY)));
		for (long id : List.of(plain, older)) {
			Map<String, Object> stored = stored(id);
			assertThat(current.current(stored.get("url").toString())).isTrue();
			assertThat(current.current(stored.get("secret").toString())).isTrue();
		}
		assertThat(current.open(stored(plain).get("secret").toString())).isEqualTo("plain-secret");
		assertThat(watches.byId(older).orElseThrow().webhook().url()).isEqualTo("https://hooks.example.com/older?token=t2");
		Map<String, Object> before = stored(plain);
		sealer.run(null);
		assertThat(stored(plain)).as("sealed once").isEqualTo(before);
	}

	@Test
	void refusesToStartWhenAWatchIsSealedWithAKeyItDoesNotHave() {
		WatchSecrets other = new WatchSecrets(properties(List.of(
				"QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVphYmNkZWY=")));
		insert(other.seal("https://hooks.example.com/x"), other.seal("x-secret"));

		assertThatIllegalStateException().isThrownBy(() -> sealer.run(null))
			.withMessageContaining("does not hold")
			.withMessageContaining("lakegov.watch.secrets-keys");
	}

	@Test
	void refusesAKeyThatIsNotThirtyTwoBytesOfBase64() {
		assertThatIllegalArgumentException().isThrownBy(() -> new WatchSecrets(properties(List.of("c2hvcnQ="))))
			.withMessageContaining("32 random bytes");
		assertThatIllegalArgumentException().isThrownBy(() -> new WatchSecrets(properties(List.of("not base64!"))))
			.withMessageContaining("not base64");
		WatchSecrets none = new WatchSecrets(properties(List.of()));
		assertThat(none.seal("as given")).isEqualTo("as given");
		assertThatIllegalStateException().isThrownBy(() -> none.open(new WatchSecrets(properties(List.of(KEY))).seal("x")))
			.withMessageContaining("does not hold");
	}

	private long insert(String url, String secret) {
		return jdbc.sql("""
				INSERT INTO watch (name, tables, events, url, format, secret, created_at, created_by)
				VALUES ('earlier', '{main.sales.*}', '{NEW_READER}', :url, 'generic', :secret, now(), 'test')
				RETURNING id""")
			.param("url", url)
			.param("secret", secret)
			.query(Long.class)
			.single();
	}

	private Map<String, Object> stored(long id) {
		return jdbc.sql("SELECT url, secret FROM watch WHERE id = :id").param("id", id).query().singleRow();
	}

	private static WatchProperties properties(List<String> keys) {
		return new WatchProperties(true, Duration.ofDays(90), true, Duration.ofSeconds(2), 5,
				Duration.ofMinutes(1), Duration.ofSeconds(10), Duration.ofHours(1),
				Duration.ofDays(1), Duration.ofSeconds(3), Duration.ofSeconds(5),
				DataSize.ofKilobytes(64), Duration.ofMinutes(1), keys);
	}

	private static String hmac(String secret, String signed) throws Exception {
		Mac mac = Mac.getInstance("HmacSHA256");
		mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
		return HexFormat.of().formatHex(mac.doFinal(signed.getBytes(StandardCharsets.UTF_8)));
	}

}
