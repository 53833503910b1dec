package io.lakegov.pages;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import io.lakegov.usage.BusinessDates;
import io.lakegov.usage.PageRequest;
import io.lakegov.reports.Counted;
import io.lakegov.reports.rankings.TableEntry;
import io.lakegov.reports.rankings.TableListRepository;
import io.lakegov.reports.rankings.Rankings;
import io.lakegov.reports.rankings.UserRank;

import org.springframework.stereotype.Component;

/**
 * Finds tables, schemas and users by any part of their name, from the lists the API serves: the table list
 * (names starting with what was typed first, then the rest of the list read page by page), and the users
 * active over the last {@value #USER_DAYS} days.
 */
@Component
class Search {

	/** Tables read from the list to find those whose name contains the text anywhere. */
	static final int SCANNED_TABLES = 5 * PageRequest.MAX_SIZE;

	static final int USER_DAYS = 90;

	private final TableListRepository tables;

	private final Rankings rankings;

	private final BusinessDates dates;

	Search(TableListRepository tables, Rankings rankings, BusinessDates dates) {
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
		List<TableEntry> found = tables(needle, limit);
		return new Results(needle, found, schemas(needle, limit), users(needle, limit));
	}

	private List<TableEntry> tables(String needle, int limit) {
		Set<String> names = new LinkedHashSet<>();
		List<TableEntry> found = new ArrayList<>();
		for (TableEntry entry : Counted.rows(tables.tables(needle, new PageRequest(0, limit)))) {
			names.add(entry.table());
			found.add(entry);
		}
		for (int page = 0; found.size() < limit && (long) page * PageRequest.MAX_SIZE < SCANNED_TABLES; page++) {
			List<TableEntry> rows = Counted.rows(tables.tables("", new PageRequest(page, PageRequest.MAX_SIZE)));
			for (TableEntry entry : rows) {
				if (found.size() < limit && entry.table().contains(needle) && names.add(entry.table())) {
					found.add(entry);
				}
			}
			if (rows.size() < PageRequest.MAX_SIZE) {
				break;
			}
		}
		return found;
	}

	private List<String> schemas(String needle, int limit) {
		Set<String> schemas = new LinkedHashSet<>();
		for (int page = 0; (long) page * PageRequest.MAX_SIZE < SCANNED_TABLES && schemas.size() < limit; page++) {
			List<TableEntry> rows = Counted.rows(tables.tables("", new PageRequest(page, PageRequest.MAX_SIZE)));
			for (TableEntry entry : rows) {
				int last = entry.table().lastIndexOf('.');
				String schema = last < 0 ? entry.table() : entry.table().substring(0, last);
				if (schemas.size() < limit && schema.contains(needle)) {
					schemas.add(schema);
				}
			}
			if (rows.size() < PageRequest.MAX_SIZE) {
				break;
			}
		}
		return List.copyOf(schemas);
	}

	private List<String> users(String needle, int limit) {
		return rankings.users(dates.lastDays(USER_DAYS), "accesses", PageRequest.MAX_SIZE)
			.stream()
			.map(UserRank::user)
			.filter(user -> user.toLowerCase(Locale.ROOT).contains(needle))
			.limit(limit)
			.toList();
	}

	/** Tables, schemas and users that match, at most the limit of each. */
	record Results(String text, List<TableEntry> tables, List<String> schemas, List<String> users) {

		public boolean empty() {
			return tables.isEmpty() && schemas.isEmpty() && users.isEmpty();
		}

	}

}
