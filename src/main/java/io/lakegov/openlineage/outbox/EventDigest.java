package io.lakegov.openlineage.outbox;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Collection;
import java.util.HexFormat;
import java.util.TreeSet;

import io.lakegov.usage.UsageFact;

/**
 * What a statement's event says, as a digest: its distinct {@code ROLE table WITNESS} lines in code point order,
 * then its execution status. A statement is sent again exactly when this changes. {@link FeedOutbox}'s
 * backfill computes the same digest in SQL, so that a backfilled statement whose facts are written again
 * unchanged is not sent a third time.
 */
final class EventDigest {

	/**
	 * The digest of a statement that reads and writes no table any more (its analysis or its row changed after
	 * its event was due): never an MD5, so it differs from every digest of facts.
	 */
	static final String NO_TABLES = "no tables";

	private EventDigest() {
	}

	/** The digest of one statement's facts (its reads and writes; all share the statement's status). */
	static String of(Collection<UsageFact> facts) {
		TreeSet<String> lines = new TreeSet<>();
		String status = "";
		for (UsageFact fact : facts) {
			lines.add(fact.role() + " " + fact.tableName() + " " + fact.witness());
			status = fact.executionStatus() == null ? "" : fact.executionStatus();
		}
		return md5(String.join("\n", lines) + "\n" + status);
	}

	private static String md5(String text) {
		try {
			MessageDigest digest = MessageDigest.getInstance("MD5");
			return HexFormat.of().formatHex(digest.digest(text.getBytes(StandardCharsets.UTF_8)));
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException("MD5 is part of every Java runtime", ex);
		}
	}

}
