package io.lakegov.usage;

import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;

import io.lakegov.web.ApiException;
import io.lakegov.web.ContractBounds;
import org.jspecify.annotations.Nullable;

import org.springframework.stereotype.Component;

/**
 * Business dates of requests: "today" in the configured business time zone, and the date ranges
 * callers give, with their defaults (the last {@value #DEFAULT_DAYS} days up to today).
 */
@Component
public class BusinessDates {

	/** Days in a range when the caller gives no {@code from}. */
	public static final int DEFAULT_DAYS = 30;

	/** A business date as callers write it, YYYY-MM-DD. */
	public static final String DATE_PATTERN = ContractBounds.DATE_PATTERN;

	/** The length of {@link #DATE_PATTERN}'s dates. */
	public static final int DATE_LENGTH = ContractBounds.DATE_LENGTH;

	/** The message of a date that does not match {@link #DATE_PATTERN}. */
	public static final String DATE_MESSAGE = "must be a date YYYY-MM-DD";

	private final ZoneId zone;

	private final Clock clock;

	BusinessDates(UsageProperties properties) {
		this.zone = properties.timeZone();
		this.clock = Clock.system(zone);
	}

	public ZoneId zone() {
		return zone;
	}

	public LocalDate today() {
		return LocalDate.now(clock);
	}

	/**
	 * The range a caller asked for: {@code to} defaults to today, {@code from} to {@code to} minus
	 * {@value #DEFAULT_DAYS} - 1 days. Answers 400 on unparseable dates or a range ending before it starts.
	 */
	public DateRange range(@Nullable String from, @Nullable String to) {
		LocalDate last = to == null || to.isBlank() ? today() : parse("to", to);
		LocalDate first = from == null || from.isBlank() ? last.minusDays(DEFAULT_DAYS - 1L) : parse("from", from);
		try {
			return new DateRange(first, last);
		}
		catch (IllegalArgumentException ex) {
			throw ApiException.badRequest(ex.getMessage());
		}
	}

	/** The last {@code days} days up to and including today. */
	public DateRange lastDays(int days) {
		return DateRange.lastDays(today(), days);
	}

	private static LocalDate parse(String parameter, String value) {
		String shown = value.length() > 40 ? value.substring(0, 40) + "..." : value;
		LocalDate date;
		try {
			date = LocalDate.parse(value.strip());
		}
		catch (DateTimeParseException ex) {
			throw ApiException.badRequest(parameter + " must be a date YYYY-MM-DD, was '" + shown + "'.");
		}
		// years beyond four digits overflow the day arithmetic and PostgreSQL's dates
		if (date.getYear() < 1 || date.getYear() > 9999) {
			throw ApiException.badRequest(parameter + " must be a date between 0001-01-01 and 9999-12-31, was '" + shown
					+ "'.");
		}
		return date;
	}

}
