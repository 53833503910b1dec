package io.lakegov.retention.text;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Delta's interval properties as written in {@code SHOW TBLPROPERTIES}: {@code interval 30 days},
 * {@code 30 days}, {@code interval 1 weeks}, {@code INTERVAL 168 HOURS}, {@code interval 1 week 2 days}.
 * Months and years are refused, as Delta refuses them for retention.
 */
public final class IntervalText {

	private static final Pattern PART = Pattern
		.compile("(\\d+)\\s*(microseconds?|milliseconds?|seconds?|minutes?|hours?|days?|weeks?)");

	private IntervalText() {
	}

	public static Optional<Duration> parse(String text) {
		if (text == null) {
			return Optional.empty();
		}
		String rest = text.strip().toLowerCase(Locale.ROOT);
		if (rest.length() > 2 && (rest.startsWith("'") && rest.endsWith("'"))) {
			rest = rest.substring(1, rest.length() - 1).strip();
		}
		if (rest.startsWith("interval")) {
			rest = rest.substring("interval".length()).strip();
		}
		if (rest.isEmpty()) {
			return Optional.empty();
		}
		Duration total = Duration.ZERO;
		Matcher m = PART.matcher(rest);
		int at = 0;
		while (m.find()) {
			if (!rest.substring(at, m.start()).isBlank()) {
				return Optional.empty();
			}
			total = total.plus(unit(m.group(2)).multipliedBy(Long.parseLong(m.group(1))));
			at = m.end();
		}
		return at == 0 || !rest.substring(at).isBlank() ? Optional.empty() : Optional.of(total);
	}

	/** The form Delta documents: {@code interval 60 days} (whole days, rounded up). */
	public static String format(Duration duration) {
		return "interval " + wholeDays(duration) + " days";
	}

	/** {@code interval 7 days}, {@code interval 1 hours}: in the largest unit that holds it exactly. */
	public static String exact(Duration duration) {
		for (var unit : List.of(Map.entry("days", Duration.ofDays(1)), Map.entry("hours", Duration.ofHours(1)),
				Map.entry("minutes", Duration.ofMinutes(1)), Map.entry("seconds", Duration.ofSeconds(1)))) {
			if (!duration.isZero() && duration.toNanos() % unit.getValue().toNanos() == 0) {
				return "interval " + duration.toNanos() / unit.getValue().toNanos() + " " + unit.getKey();
			}
		}
		return "interval " + duration.toMillis() + " milliseconds";
	}

	public static long wholeDays(Duration duration) {
		return (duration.toSeconds() + 86399) / 86400;
	}

	private static Duration unit(String unit) {
		String singular = unit.endsWith("s") ? unit.substring(0, unit.length() - 1) : unit;
		return switch (singular) {
			case "microsecond" -> Duration.ofNanos(1000);
			case "millisecond" -> Duration.ofMillis(1);
			case "second" -> Duration.ofSeconds(1);
			case "minute" -> Duration.ofMinutes(1);
			case "hour" -> Duration.ofHours(1);
			case "day" -> Duration.ofDays(1);
			default -> Duration.ofDays(7);
		};
	}

}
