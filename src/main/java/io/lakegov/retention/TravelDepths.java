package io.lakegov.retention;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoField;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How far back one read reached: statement start minus the point in history it asked for. Timestamps
 * without a zone are taken as UTC (the SQL warehouse default session time zone); versions are looked up
 * in the table's commit history.
 */
final class TravelDepths {

	private static final DateTimeFormatter LOCAL = new DateTimeFormatterBuilder().parseCaseInsensitive()
		.append(DateTimeFormatter.ISO_LOCAL_DATE)
		.optionalStart()
		.appendLiteral(' ')
		.optionalEnd()
		.optionalStart()
		.appendLiteral('T')
		.optionalEnd()
		.optionalStart()
		.append(DateTimeFormatter.ISO_LOCAL_TIME)
		.optionalEnd()
		.optionalStart()
		.appendOffset("+HH:MM", "Z")
		.optionalEnd()
		.parseDefaulting(ChronoField.HOUR_OF_DAY, 0)
		.toFormatter(Locale.ROOT);

	/** The {@code t@yyyyMMddHHmmssSSS} suffix. */
	private static final DateTimeFormatter AT_SUFFIX = DateTimeFormatter.ofPattern("yyyyMMddHHmmssSSS")
		.withZone(ZoneOffset.UTC);

	/** {@code current_timestamp() - interval 3 days}, {@code now() - interval '12' hours}, ... */
	private static final Pattern NOW_MINUS = Pattern.compile(
			"(?:current_timestamp(?:\\(\\))?|now\\(\\)|current_date(?:\\(\\))?)\\s*-\\s*interval\\s+'?(\\d+)'?\\s*"
					+ "(second|minute|hour|day|week)s?");

	/** {@code date_sub(current_date(), 7)}. */
	private static final Pattern DATE_SUB = Pattern
		.compile("date_sub\\(\\s*current_date(?:\\(\\))?\\s*,\\s*(\\d+)\\s*\\)");

	/** {@code timestamp '2026-01-15 14:30:00'}, {@code cast('2026-01-15' as timestamp)}. */
	private static final Pattern TYPED = Pattern
		.compile("(?:timestamp|date)\\s*'([^']+)'|cast\\(\\s*'([^']+)'\\s+as\\s+(?:timestamp|date)\\s*\\)");

	private TravelDepths() {
	}

	/** The depth of the read, when it can be known. */
	static Optional<Duration> depth(TravelRead read, CommitHistory history) {
		if (read.kind() == null || read.value() == null) {
			return Optional.empty();
		}
		Optional<Instant> reached = read.byVersion() ? version(read.value(), history) : timestamp(read.value(),
				read.start());
		return reached.map(at -> Duration.between(at, read.start())).filter(depth -> !depth.isNegative());
	}

	private static Optional<Instant> version(String value, CommitHistory history) {
		try {
			return history.committedAt(Long.parseLong(value.strip()));
		}
		catch (NumberFormatException ex) {
			// a tag or an expression: no commit to look up
			return Optional.empty();
		}
	}

	static Optional<Instant> timestamp(String value, Instant start) {
		String text = value.strip().toLowerCase(Locale.ROOT);
		if (text.matches("\\d{17}")) {
			return parse(text, AT_SUFFIX);
		}
		Matcher typed = TYPED.matcher(text);
		if (typed.matches()) {
			text = typed.group(1) != null ? typed.group(1) : typed.group(2);
		}
		Matcher nowMinus = NOW_MINUS.matcher(text);
		if (nowMinus.matches()) {
			Duration unit = switch (nowMinus.group(2)) {
				case "second" -> Duration.ofSeconds(1);
				case "minute" -> Duration.ofMinutes(1);
				case "hour" -> Duration.ofHours(1);
				case "day" -> Duration.ofDays(1);
				default -> Duration.ofDays(7);
			};
			Instant base = text.startsWith("current_date") ? startOfDay(start) : start;
			return Optional.of(base.minus(unit.multipliedBy(Long.parseLong(nowMinus.group(1)))));
		}
		Matcher dateSub = DATE_SUB.matcher(text);
		if (dateSub.matches()) {
			return Optional.of(startOfDay(start).minus(Duration.ofDays(Long.parseLong(dateSub.group(1)))));
		}
		return parse(text.toUpperCase(Locale.ROOT), LOCAL);
	}

	private static Optional<Instant> parse(String text, DateTimeFormatter format) {
		try {
			var parsed = format.parseBest(text, OffsetDateTime::from, LocalDateTime::from, LocalDate::from);
			if (parsed instanceof OffsetDateTime offset) {
				return Optional.of(offset.toInstant());
			}
			if (parsed instanceof LocalDateTime local) {
				return Optional.of(local.toInstant(ZoneOffset.UTC));
			}
			return Optional.of(((LocalDate) parsed).atStartOfDay(ZoneOffset.UTC).toInstant());
		}
		catch (DateTimeParseException ex) {
			return Optional.empty();
		}
	}

	private static Instant startOfDay(Instant instant) {
		return instant.atOffset(ZoneOffset.UTC).toLocalDate().atStartOfDay(ZoneOffset.UTC).toInstant();
	}

}
