package io.lakegov.pages;

import java.util.List;
import java.util.Locale;

import io.lakegov.reports.rankings.Rankings;
import io.lakegov.reports.rankings.TableEntry;
import io.lakegov.reports.rankings.TableLists;
import io.lakegov.usage.BusinessDates;

import org.springframework.stereotype.Component;

/**
 * Finds tables, schemas and users by any part of their name: tables and schemas from the table list the API
 * serves (names starting with the text first), users among those active over the last {@value #USER_DAYS}
 * days.
 */
@Component
class Search {

	static final int USER_DAYS = 90;

	private final TableLists tables;

	private final Rankings rankings;

	private final BusinessDates dates;

	Search(TableLists tables, Rankings rankings, BusinessDates dates) {
		this.tables = tables;
		this.rankings = rankings;
		this.dates = dates;
	}

	/** What matches, a normalised text; an empty text matches nothing. */
	Results find(String text, int limit) {
		String needle = text == null ? "" : text.strip().toLowerCase(Locale.ROOT).replace("`", "");
		if (needle.isEmpty()) {
			return new Results(needle, List.of(), List.of(), List.of());
		}
		return new Results(needle, tables.containing(needle, limit), tables.schemasContaining(needle, limit),
				users(needle, limit));
	}

	private List<String> users(String needle, int limit) {
		return rankings.usersContaining(dates.lastDays(USER_DAYS), needle, limit);
	}

	/** Tables, schemas and users that match, at most the limit of each. */
	record Results(String text, List<TableEntry> tables, List<String> schemas, List<String> users) {

		public boolean empty() {
			return tables.isEmpty() && schemas.isEmpty() && users.isEmpty();
		}

	}

}
