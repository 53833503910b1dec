package io.lakegov.watch;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;

import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

import org.springframework.stereotype.Component;

/**
 * Seals what a watch keeps that would let anyone post to its receiver or forge its signatures (the signing
 * secret, the webhook URL with its token) before it is stored, with AES-256-GCM under the first key of
 * {@code lakegov.watch.secrets-keys}; the other keys only open values sealed before a key change. A sealed
 * value reads {@code sealed:v1:<key id>:<base64 of nonce and ciphertext>}; the key id is the start of the
 * key's SHA-256, so that a value names the key it needs. Without keys values are stored as given; plain values
 * of an earlier build are read as they are.
 */
@Component
public class WatchSecrets {

	static final String PREFIX = "sealed:v1:";

	private static final int NONCE_BYTES = 12;

	private static final int TAG_BITS = 128;

	private final SecureRandom random = new SecureRandom();

	/** The keys by id, the sealing one first. */
	private final Map<String, SecretKeySpec> keys = new LinkedHashMap<>();

	WatchSecrets(WatchProperties properties) {
		for (String encoded : properties.secretsKeys()) {
			byte[] key;
			try {
				key = Base64.getDecoder().decode(encoded.strip());
			}
			catch (IllegalArgumentException ex) {
				throw new IllegalArgumentException("lakegov.watch.secrets-keys holds a key that is not base64");
			}
			if (key.length != 32) {
				throw new IllegalArgumentException("lakegov.watch.secrets-keys holds a key of " + key.length
						+ " bytes; each must be 32 random bytes, base64-encoded (openssl rand -base64 32)");
			}
			keys.putIfAbsent(id(key), new SecretKeySpec(key, "AES"));
		}
	}

	/** Whether values are sealed before they are stored. */
	public boolean sealing() {
		return !keys.isEmpty();
	}

	/** The value as it is to be stored: sealed with the first key, as given without keys. */
	public String seal(String value) {
		if (keys.isEmpty()) {
			return value;
		}
		Map.Entry<String, SecretKeySpec> key = keys.entrySet().iterator().next();
		byte[] nonce = new byte[NONCE_BYTES];
		random.nextBytes(nonce);
		try {
			Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
			cipher.init(Cipher.ENCRYPT_MODE, key.getValue(), new GCMParameterSpec(TAG_BITS, nonce));
			byte[] sealed = cipher.doFinal(value.getBytes(StandardCharsets.UTF_8));
			byte[] out = new byte[nonce.length + sealed.length];
			System.arraycopy(nonce, 0, out, 0, nonce.length);
			System.arraycopy(sealed, 0, out, nonce.length, sealed.length);
			return PREFIX + key.getKey() + ":" + Base64.getEncoder().encodeToString(out);
		}
		catch (GeneralSecurityException ex) {
			throw new IllegalStateException("AES-GCM is part of every Java runtime", ex);
		}
	}

	/**
	 * The value a stored one stands for.
	 *
	 * @throws IllegalStateException when it is sealed with a key lakegov does not have, or was altered
	 */
	public String open(String stored) {
		if (stored == null || !stored.startsWith(PREFIX)) {
			return stored;
		}
		int colon = stored.indexOf(':', PREFIX.length());
		if (colon < 0) {
			throw new IllegalStateException("a watch's stored secret is not a sealed value");
		}
		String id = stored.substring(PREFIX.length(), colon);
		SecretKeySpec key = keys.get(id);
		if (key == null) {
			throw new IllegalStateException("a watch's secret is sealed with the key " + id
					+ ", which lakegov.watch.secrets-keys does not hold");
		}
		try {
			byte[] in = Base64.getDecoder().decode(stored.substring(colon + 1));
			Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
			cipher.init(Cipher.DECRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, in, 0, NONCE_BYTES));
			return new String(cipher.doFinal(in, NONCE_BYTES, in.length - NONCE_BYTES), StandardCharsets.UTF_8);
		}
		catch (GeneralSecurityException | IllegalArgumentException ex) {
			throw new IllegalStateException("a watch's secret sealed with the key " + id + " does not open: it was "
					+ "altered, or another key has this id");
		}
	}

	/** Whether a stored value is as {@link #seal} would store it now: sealed with the first key, or plain without keys. */
	public boolean current(String stored) {
		if (keys.isEmpty()) {
			return stored == null || !stored.startsWith(PREFIX);
		}
		return stored != null && stored.startsWith(PREFIX + keys.keySet().iterator().next() + ":");
	}

	private static String id(byte[] key) {
		try {
			return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(key), 0, 4);
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException("SHA-256 is part of every Java runtime", ex);
		}
	}

}
