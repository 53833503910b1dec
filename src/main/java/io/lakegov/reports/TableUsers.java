package io.lakegov.reports;

import java.time.LocalDate;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.lakegov.views.ViewLimits;
import io.lakegov.web.PageResponse;
import org.jspecify.annotations.Nullable;

/**
 * The readers or writers of one table in a date range.
 *
 * @param table the table, resolved to its full name
 * @param seen false when lakegov never saw the table in usage facts or the inventory: nobody used it
 * @param from the first business day of the range
 * @param to the last business day of the range, included
 * @param historySource the source of query history the answer is limited to ({@code source=}); null: all
 * sources
 * @param lineageOnly statements of the whole answer (every user, not only this page) whose access rests on
 * the engine's lineage alone
 * @param users one page of users
 * @param throughViews only when indirect reads were asked for: how far views were followed
 * @param <T> {@link TableReader} or {@link TableWriter}
 */
public record TableUsers<T>(String table, boolean seen, LocalDate from, LocalDate to, @Nullable String historySource,
		long lineageOnly, PageResponse<T> users, @JsonInclude(JsonInclude.Include.NON_NULL) ViewLimits throughViews) {

	TableUsers(String table, boolean seen, LocalDate from, LocalDate to, @Nullable String historySource,
			long lineageOnly, PageResponse<T> users) {
		this(table, seen, from, to, historySource, lineageOnly, users, null);
	}

}
