package io.lakegov.feed;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.Base64;
import java.util.HexFormat;

import io.lakegov.usage.DateRange;

/**
 * The opaque cursor of the daily usage feed: base64url of a small versioned text naming the window it belongs
 * to and the last (day, table) a page returned, with a check over both. A page resumes strictly after that pair,
 * so the cursor stays valid while ingestion writes: entries already returned are never repeated, entries not yet
 * reached are read as they are when their page is asked for. A cursor altered by hand, cut short, or used with
 * another window is refused.
 */
public final class FeedCursor {

	/** The longest cursor accepted. */
	public static final int MAX_LENGTH = 4096;

	/** What a cursor looks like (base64url without padding). */
	public static final String PATTERN = "^[A-Za-z0-9_-]+$";

	private static final String VERSION = "1";

	private static final char SEPARATOR = '\n';

	private static final int CHECK_BYTES = 8;

	private FeedCursor() {
	}

	/** The cursor of the page that starts after {@code position} in {@code window}. */
	public static String encode(DateRange window, FeedPosition position) {
		String payload = String.join(String.valueOf(SEPARATOR), VERSION, window.from().toString(), window.to().toString(),
				position.date().toString(), position.table());
		// the table last, after the check: it is the one part that may hold any character
		String text = String.join(String.valueOf(SEPARATOR), VERSION, window.from().toString(), window.to().toString(),
				position.date().toString(), check(payload), position.table());
		return Base64.getUrlEncoder().withoutPadding().encodeToString(text.getBytes(StandardCharsets.UTF_8));
	}

	/**
	 * The position a cursor of {@code window} stands at.
	 *
	 * @throws IllegalArgumentException saying why the cursor is refused
	 */
	public static FeedPosition decode(String cursor, DateRange window) {
		Parsed parsed = parse(cursor);
		if (!parsed.window().equals(window)) {
			throw new IllegalArgumentException("cursor belongs to the window " + parsed.window().from() + " to "
					+ parsed.window().to() + "; ask with the same from and to as the first page, or with neither");
		}
		return parsed.position();
	}

	/**
	 * The window a cursor belongs to: a walk that gave neither from nor to goes on in it, even after the default
	 * window moved on at midnight.
	 *
	 * @throws IllegalArgumentException saying why the cursor is refused
	 */
	public static DateRange window(String cursor) {
		return parse(cursor).window();
	}

	private record Parsed(DateRange window, FeedPosition position) {
	}

	private static Parsed parse(String cursor) {
		if (cursor.length() > MAX_LENGTH || !cursor.matches(PATTERN)) {
			throw new IllegalArgumentException("cursor is not a cursor this feed gave out");
		}
		String text;
		try {
			byte[] bytes = Base64.getUrlDecoder().decode(cursor);
			text = StandardCharsets.UTF_8.newDecoder()
				.onMalformedInput(CodingErrorAction.REPORT)
				.onUnmappableCharacter(CodingErrorAction.REPORT)
				.decode(ByteBuffer.wrap(bytes))
				.toString();
		}
		catch (IllegalArgumentException | CharacterCodingException ex) {
			throw new IllegalArgumentException("cursor is not a cursor this feed gave out");
		}
		String[] parts = text.split(String.valueOf(SEPARATOR), 6);
		if (parts.length != 6 || !VERSION.equals(parts[0])) {
			throw new IllegalArgumentException("cursor is not a cursor this feed gave out");
		}
		String payload = String.join(String.valueOf(SEPARATOR), parts[0], parts[1], parts[2], parts[3], parts[5]);
		if (!MessageDigest.isEqual(check(payload).getBytes(StandardCharsets.UTF_8),
				parts[4].getBytes(StandardCharsets.UTF_8))) {
			throw new IllegalArgumentException("cursor was altered");
		}
		LocalDate from;
		LocalDate to;
		LocalDate date;
		try {
			from = LocalDate.parse(parts[1]);
			to = LocalDate.parse(parts[2]);
			date = LocalDate.parse(parts[3]);
		}
		catch (DateTimeParseException ex) {
			throw new IllegalArgumentException("cursor is not a cursor this feed gave out");
		}
		// the check is no secret: a made-up cursor passes it, but no table name the store holds has a NUL
		if (to.isBefore(from) || date.isBefore(from) || date.isAfter(to) || parts[5].isEmpty()
				|| parts[5].indexOf('\0') >= 0) {
			throw new IllegalArgumentException("cursor is not a cursor this feed gave out");
		}
		return new Parsed(new DateRange(from, to), new FeedPosition(date, parts[5]));
	}

	private static String check(String payload) {
		try {
			byte[] digest = MessageDigest.getInstance("SHA-256").digest(payload.getBytes(StandardCharsets.UTF_8));
			return HexFormat.of().formatHex(digest, 0, CHECK_BYTES);
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException("SHA-256 is part of every Java runtime", ex);
		}
	}

}
