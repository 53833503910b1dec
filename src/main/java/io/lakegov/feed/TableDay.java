package io.lakegov.feed;

import java.time.LocalDate;
import java.util.List;

import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;

/**
 * One table's usage on one business day, as a data catalog pulls it: the day's counts, its most active users,
 * its most frequent statement shapes with a redacted example each, and the columns read.
 *
 * @param date the business day
 * @param table catalog.schema.table in lower case
 * @param statements distinct statements that read or wrote the table
 * @param reads statements that read it
 * @param writes statements that wrote it
 * @param timeTravelReads reads of an earlier version
 * @param users distinct users who read or wrote it
 * @param topUsers the users with the most statements on the table, most first
 * @param topQueries the statement shapes run most often on the table, most first
 * @param columns the columns certainly read (resolved against the column inventory), most read first
 * @param columnCount how many distinct columns were certainly read, also those beyond {@code columns}
 */
public record TableDay(@Schema(format = "date", maxLength = 10) LocalDate date,
		@Schema(maxLength = TableDay.MAX_NAME, example = "main.sales.orders") String table,
		@Schema(minimum = "0") long statements, @Schema(minimum = "0") long reads, @Schema(minimum = "0") long writes,
		@Schema(minimum = "0") long timeTravelReads, @Schema(minimum = "0") long users,
		@ArraySchema(maxItems = TableDay.TOP_USERS) List<UserCount> topUsers,
		@ArraySchema(maxItems = TableDay.TOP_QUERIES) List<QueryCount> topQueries,
		@ArraySchema(maxItems = TableDay.MAX_COLUMNS) List<ColumnReads> columns,
		@Schema(minimum = "0") long columnCount) {

	/** Users listed per table and day at most. */
	public static final int TOP_USERS = 20;

	/** Statement shapes listed per table and day at most. */
	public static final int TOP_QUERIES = 10;

	/** Columns listed per table and day at most. */
	public static final int MAX_COLUMNS = 200;

	/** The longest name the feed shows: tables, users, columns (three quoted 255-character parts and more). */
	public static final int MAX_NAME = 1024;

	/** The longest redacted example and fingerprint. */
	public static final int MAX_TEXT = 1_048_576;

	public TableDay {
		topUsers = List.copyOf(topUsers);
		topQueries = List.copyOf(topQueries);
		columns = List.copyOf(columns);
	}

	/**
	 * A user's statements on the table that day.
	 *
	 * @param user the principal who ran them ({@code executed_by})
	 * @param reads statements that read the table
	 * @param writes statements that wrote it
	 */
	@Schema(name = "FeedUserCount")
	public record UserCount(@Schema(maxLength = MAX_NAME) String user, @Schema(minimum = "0") long reads,
			@Schema(minimum = "0") long writes) {

		/** Reads and writes together: the user's uses of the table. */
		public long uses() {
			return reads + writes;
		}

	}

	/**
	 * The statements of one shape that read or wrote the table that day.
	 *
	 * @param fingerprint the statement shape (literals removed, whitespace and case normalised); null for
	 * statements the analyser could not fingerprint
	 * @param statements statements of this shape
	 * @param example the redacted text (literals removed) of the day's latest run, never the raw text; null when
	 * none is known
	 */
	@Schema(name = "FeedQueryCount")
	public record QueryCount(@Schema(maxLength = MAX_TEXT, nullable = true) String fingerprint,
			@Schema(minimum = "0") long statements, @Schema(maxLength = MAX_TEXT, nullable = true) String example) {

	}

	/**
	 * A column's certain reads that day.
	 *
	 * @param column the column name
	 * @param reads statements that certainly read it
	 */
	@Schema(name = "FeedColumnReads")
	public record ColumnReads(@Schema(maxLength = MAX_NAME) String column, @Schema(minimum = "0") long reads) {

	}

}
