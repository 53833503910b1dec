package io.lakegov.web;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.List;

/** The set of accepted API keys, compared in constant time through their SHA-256 digests. */
final class ApiKeys {

	private final List<byte[]> digests;

	ApiKeys(List<String> keys) {
		this.digests = keys.stream().map(ApiKeys::digest).toList();
	}

	boolean isEmpty() {
		return digests.isEmpty();
	}

	boolean accepts(String presented) {
		if (presented == null || presented.isEmpty()) {
			return false;
		}
		byte[] candidate = digest(presented);
		boolean accepted = false;
		for (byte[] known : digests) {
			accepted |= MessageDigest.isEqual(known, candidate);
		}
		return accepted;
	}

	private static byte[] digest(String key) {
		try {
			return MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException("SHA-256 is part of every Java runtime", ex);
		}
	}

}
