package io.lakegov.impact;

import java.time.LocalDate;
import java.util.Locale;

import io.lakegov.catalog.CatalogChange;
import io.lakegov.catalog.CatalogChanges;
import io.lakegov.usage.BusinessDates;
import io.lakegov.usage.DateRange;
import io.lakegov.usage.PageRequest;
import io.lakegov.web.PageResponse;
import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

import org.springframework.stereotype.Service;

/** The tables that appeared in, vanished from or were renamed in the lakehouse's inventory over business days. */
@Service
public class CatalogChangeLog {

	private final CatalogChanges changes;

	private final BusinessDates dates;

	CatalogChangeLog(CatalogChanges changes, BusinessDates dates) {
		this.changes = changes;
		this.dates = dates;
	}

	/**
	 * One page of changes, newest first.
	 *
	 * @param from the first business day
	 * @param to the last business day, included
	 * @param changes the changes of this page
	 */
	@Schema(name = "CatalogChangePage")
	public record ChangePage(LocalDate from, LocalDate to, PageResponse<CatalogChange> changes) {
	}

	/**
	 * The changes over the range, of one kind when given (APPEARED, VANISHED or RENAMED, which the caller
	 * checked), newest first.
	 */
	public ChangePage changes(DateRange range, @Nullable String kind, PageRequest page) {
		return changes(range, kind == null ? null : CatalogChange.Change.valueOf(kind.toUpperCase(Locale.ROOT)), page);
	}

	/** The changes over the range, of one kind when given, newest first. */
	public ChangePage changes(DateRange range, CatalogChange.@Nullable Change kind, PageRequest page) {
		var since = range.start(dates.zone());
		var until = range.endExclusive(dates.zone());
		CatalogChanges.Page found = changes.changes(since, until, kind, page.size(), page.offset());
		return new ChangePage(range.from(), range.to(), PageResponse.of(found.items(), page.page(), page.size(),
				found.total(), () -> changes.changes(since, until, kind, 1, 0).total()));
	}

}
