package io.lakegov.reports.rankings;

import java.util.List;
import java.util.Locale;

import io.lakegov.reports.Counted;
import io.lakegov.usage.BusinessDates;
import io.lakegov.usage.DateRange;
import io.lakegov.usage.PageRequest;
import io.lakegov.views.ReadsThroughViews;
import io.lakegov.web.PageResponse;

import org.springframework.stereotype.Service;

/**
 * The tables lakegov knows (by the start of their name or any part of it), the schemas they are in, and the
 * inventory's tables nobody read in the last days. Names are compared in lower case, as they are stored.
 */
@Service
public class TableLists {

	private final TableListRepository tables;

	private final BusinessDates dates;

	private final ReadsThroughViews throughViews;

	TableLists(TableListRepository tables, BusinessDates dates, ReadsThroughViews throughViews) {
		this.tables = tables;
		this.dates = dates;
		this.throughViews = throughViews;
	}

	/** Tables whose name starts with the prefix, by name. */
	public PageResponse<TableEntry> startingWith(String prefix, PageRequest page) {
		String normalised = normalised(prefix);
		var rows = tables.tables(normalised, page);
		return PageResponse.of(Counted.rows(rows), page.page(), page.size(), Counted.total(rows),
				() -> tables.countTables(normalised));
	}

	/** Tables whose name contains the text anywhere, those starting with it first. */
	public List<TableEntry> containing(String text, int limit) {
		return Counted.rows(tables.containing(normalised(text), new PageRequest(0, limit)));
	}

	/** Schemas ({@code catalog.schema}) of known tables whose name contains the text, by name. */
	public List<String> schemasContaining(String text, int limit) {
		return tables.schemasContaining(normalised(text), limit);
	}

	/** How many tables the lakehouse inventory lists now: none before the first catalog sync. */
	public long inventoryTables() {
		return tables.inventoryTables();
	}

	/**
	 * The inventory's tables not read in the last days, neither directly nor through a view, nor under their
	 * name without catalog or schema, nor under the name they had before a rename (shared tables never), oldest
	 * last access first.
	 */
	public UnusedTables unused(int days, PageRequest page) {
		DateRange window = dates.lastDays(days);
		List<String> readThroughViews = throughViews.readTables(window);
		var rows = tables.unused(window, readThroughViews, page);
		return new UnusedTables(window.from(), window.to(), PageResponse.of(Counted.rows(rows), page.page(),
				page.size(), Counted.total(rows), () -> tables.countUnused(window, readThroughViews)));
	}

	private static String normalised(String text) {
		return text.strip().toLowerCase(Locale.ROOT);
	}

}
