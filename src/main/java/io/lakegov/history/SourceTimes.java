package io.lakegov.history;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Calendar;
import java.util.GregorianCalendar;
import java.util.TimeZone;

/**
 * Time stamps to and from a source, as UTC instants whatever the JVM's zone. JDBC drivers, the
 * Databricks ones among them, read a TIMESTAMP as wall time in the JVM's default zone unless given a
 * calendar, and format {@code Timestamp} parameters in it: in a JVM at New York a stored 10:00Z came
 * back as 15:00Z. Databricks' system tables hold UTC.
 */
public final class SourceTimes {

	private static final TimeZone UTC = TimeZone.getTimeZone("UTC");

	private SourceTimes() {
	}

	/** The column's instant, read as UTC; null when it is SQL NULL. */
	public static Instant read(ResultSet rows, int column) throws SQLException {
		return read(rows, column, utc());
	}

	/**
	 * The same with a calendar from {@link #utc()} that the caller reuses, on one thread, for a whole
	 * result set: streaming the history reads three time stamps a row.
	 */
	static Instant read(ResultSet rows, int column, Calendar utc) throws SQLException {
		Timestamp timestamp = rows.getTimestamp(column, utc);
		return timestamp == null ? null : timestamp.toInstant();
	}

	/** The column's instant, read as UTC; null when it is SQL NULL. */
	public static Instant read(ResultSet rows, String column) throws SQLException {
		Timestamp timestamp = rows.getTimestamp(column, utc());
		return timestamp == null ? null : timestamp.toInstant();
	}

	/**
	 * An instant as Spark SQL reads it in {@code CAST(? AS TIMESTAMP)}, whatever the session's time zone:
	 * ISO-8601 with the zone {@code Z}, to the microsecond (Spark's precision).
	 */
	static String sparkLiteral(Instant instant) {
		return instant.truncatedTo(ChronoUnit.MICROS).toString();
	}

	static Calendar utc() {
		// a calendar is mutable: never shared between threads
		return new GregorianCalendar(UTC);
	}

}
