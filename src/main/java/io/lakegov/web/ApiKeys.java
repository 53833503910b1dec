package io.lakegov.web;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The accepted API keys with their roles, compared in constant time through their SHA-256 digests.
 * An entry is {@code role:key}, {@code role:sha256:<hex>} or a bare key, which means admin.
 */
public final class ApiKeys {

	private static final String HASH_PREFIX = "sha256:";

	private static final Pattern HEX_DIGEST = Pattern.compile("[0-9a-fA-F]{64}");

	/**
	 * One accepted key.
	 *
	 * @param role what the key may do
	 * @param digest the SHA-256 of the key
	 * @param id a name for logs and rate limits: a prefix of the digest, never the key
	 */
	public record Key(Role role, byte[] digest, String id) {
	}

	private final List<Key> keys;

	ApiKeys(List<String> entries) {
		this.keys = entries.stream().map(ApiKeys::parse).toList();
	}

	boolean isEmpty() {
		return keys.isEmpty();
	}

	/** The key that was presented, if it is one of the accepted ones; every key is compared, always. */
	public Optional<Key> match(String presented) {
		if (presented == null || presented.isEmpty()) {
			return Optional.empty();
		}
		byte[] candidate = digest(presented);
		Key matched = null;
		for (Key key : keys) {
			if (MessageDigest.isEqual(key.digest(), candidate) && matched == null) {
				matched = key;
			}
		}
		return Optional.ofNullable(matched);
	}

	static Key parse(String entry) {
		Role role = Role.ADMIN;
		String secret = entry;
		int colon = entry.indexOf(':');
		if (colon > 0) {
			Optional<Role> named = Role.parse(entry.substring(0, colon));
			if (named.isPresent()) {
				role = named.get();
				secret = entry.substring(colon + 1);
			}
		}
		byte[] digest;
		if (secret.regionMatches(true, 0, HASH_PREFIX, 0, HASH_PREFIX.length())) {
			String hex = secret.substring(HASH_PREFIX.length());
			if (!HEX_DIGEST.matcher(hex).matches()) {
				throw new IllegalArgumentException("An entry of lakegov.security.api-keys for role " + role.id()
						+ " starts with sha256: but is not followed by 64 hexadecimal digits");
			}
			digest = HexFormat.of().parseHex(hex.toLowerCase(java.util.Locale.ROOT));
		}
		else if (secret.isEmpty()) {
			throw new IllegalArgumentException("An entry of lakegov.security.api-keys for role " + role.id() + " has no key");
		}
		else {
			digest = digest(secret);
		}
		return new Key(role, digest, "key-" + HexFormat.of().formatHex(digest, 0, 6));
	}

	static byte[] digest(String key) {
		try {
			return MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException("SHA-256 is part of every Java runtime", ex);
		}
	}

}
