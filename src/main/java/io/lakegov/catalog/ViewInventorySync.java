package io.lakegov.catalog;

import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Component;

/**
 * Brings the kept view definitions in line with the source's: a new view opens a row valid from when the
 * source says it was last altered (or created, else now), a changed definition closes the old row as
 * REPLACED and opens one valid from now (or from the view's last change when the source says it came
 * later), a vanished view closes its row as VANISHED. Every view it sees is announced ({@link ViewsListed}):
 * usage counts the statements that read several views by their names.
 */
@Component
class ViewInventorySync {

	private final ViewInventoryRepository views;

	private final ApplicationEventPublisher events;

	ViewInventorySync(ViewInventoryRepository views, ApplicationEventPublisher events) {
		this.views = views;
		this.events = events;
	}

	/** How many views appeared, changed or vanished; runs inside the catalog sync's transaction. */
	int apply(List<SourceView> source, Map<String, SourceTable> tables, Instant now) {
		Map<String, SourceView> present = new LinkedHashMap<>();
		source.forEach(view -> present.putIfAbsent(view.fullName(), view));
		Map<String, ViewInventoryRepository.CurrentView> current = new HashMap<>();
		views.current().forEach(row -> current.put(row.fullName(), row));
		int changes = 0;
		for (var row : current.values()) {
			if (!present.containsKey(row.fullName())) {
				views.close(row.id(), now, "VANISHED");
				changes++;
			}
		}
		for (SourceView view : present.values()) {
			var row = current.get(view.fullName());
			Instant altered = altered(tables.get(view.fullName()), now);
			if (row == null) {
				views.open(view, altered != null ? altered : now, now);
				changes++;
			}
			else if (!row.definitionHash().equals(view.definitionHash())) {
				Instant from = altered != null && altered.isAfter(row.validFrom()) ? altered : now;
				views.close(row.id(), from, "REPLACED");
				views.open(view, from, now);
				changes++;
			}
		}
		views.markSynced(now);
		events.publishEvent(new ViewsListed(List.copyOf(present.keySet())));
		if (changes > 0) {
			views.bumpStoreGeneration();
		}
		return changes;
	}

	/** When the source says the view last changed, never later than now; null when it does not say. */
	private static Instant altered(SourceTable table, Instant now) {
		if (table == null) {
			return null;
		}
		Instant altered = table.lastAltered() != null ? table.lastAltered() : table.created();
		return altered == null || altered.isAfter(now) ? (altered == null ? null : now) : altered;
	}

}
