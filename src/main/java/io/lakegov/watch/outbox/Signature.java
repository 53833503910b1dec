package io.lakegov.watch.outbox;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * How deliveries are signed: HMAC-SHA256 with the watch's secret over {@code <timestamp>.<body>}, sent as
 * {@code X-Lakegov-Signature: v1=<hex>} beside {@code X-Lakegov-Timestamp} (seconds since the epoch), so a
 * receiver can check both that lakegov sent the body and that it is not an old one sent again.
 */
public final class Signature {

	public static final String HEADER = "X-Lakegov-Signature";

	public static final String TIMESTAMP_HEADER = "X-Lakegov-Timestamp";

	private static final String PREFIX = "whsec_";

	private static final SecureRandom RANDOM = new SecureRandom();

	private Signature() {
	}

	/** A new secret: 32 random bytes. */
	public static String newSecret() {
		byte[] key = new byte[32];
		RANDOM.nextBytes(key);
		return PREFIX + Base64.getUrlEncoder().withoutPadding().encodeToString(key);
	}

	/** The header's value for the body sent at the timestamp. */
	public static String sign(String secret, long timestamp, byte[] body) {
		try {
			Mac mac = Mac.getInstance("HmacSHA256");
			mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
			mac.update((timestamp + ".").getBytes(StandardCharsets.UTF_8));
			return "v1=" + HexFormat.of().formatHex(mac.doFinal(body));
		}
		catch (GeneralSecurityException ex) {
			throw new IllegalStateException("HmacSHA256 is part of every JDK", ex);
		}
	}

}
