package io.lakegov.watch.detect;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;

import io.lakegov.catalog.ViewsListed;
import io.lakegov.usage.BusinessDates;
import io.lakegov.usage.DateRange;
import io.lakegov.usage.UsageFact;
import io.lakegov.views.Views;
import io.lakegov.watch.EventType;
import io.lakegov.watch.WatchProperties;

import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * Keeps the {@link ViewIndex} of the watched tables. It is built again when the watches change, when a batch
 * holds statements that create, alter or drop views or rename tables, when a catalog sync lists views, when the
 * business day changes, and at least every {@link #MAX_AGE} (another replica's catalog sync); otherwise a batch
 * reuses it.
 */
@Component
class ViewIndexes {

	static final Duration MAX_AGE = Duration.ofMinutes(10);

	/** The events a read raises. */
	static final Set<EventType> READS = EnumSet.of(EventType.NEW_READER, EventType.DEPRECATED_READ);

	private final Views views;

	private final BusinessDates dates;

	private final int windowDays;

	private final AtomicBoolean stale = new AtomicBoolean(true);

	private volatile Built built;

	private record Built(long version, LocalDate today, Instant at, ViewIndex index) {
	}

	ViewIndexes(Views views, BusinessDates dates, WatchProperties properties) {
		this.views = views;
		this.dates = dates;
		this.windowDays = properties.windowDays();
	}

	/** The index for the watches, built again first when something it rests on changed. */
	ViewIndex index(WatchSet watches, List<UsageFact> facts) {
		Built current = built;
		ViewIndex held = current == null ? ViewIndex.EMPTY : current.index();
		if (facts.stream().anyMatch(fact -> changesViews(fact, held))) {
			stale.set(true);
		}
		LocalDate today = dates.today();
		Instant now = Instant.now();
		if (stale.getAndSet(false) || current == null || current.version() != watches.version()
				|| !current.today().equals(today) || current.at().plus(MAX_AGE).isBefore(now)) {
			var matcher = watches.matcher(READS);
			ViewIndex index = ViewIndex.of(views.reachingAnyAsWritten(DateRange.lastDays(today, windowDays + 1)),
					table -> !matcher.matching(table).isEmpty());
			current = new Built(watches.version(), today, now, index);
			built = current;
		}
		return current.index();
	}

	@EventListener
	void viewsListed(ViewsListed event) {
		stale.set(true);
	}

	/**
	 * Whether the fact may change what views reach: a view created, altered, replaced or dropped (a DROP TABLE
	 * of a view the index holds too), a table renamed. A batch with none (most of them) reuses the index.
	 */
	static boolean changesViews(UsageFact fact, ViewIndex index) {
		String kind = fact.statementKind();
		if (!"WRITE".equals(fact.role()) || kind == null) {
			return false;
		}
		return kind.contains("VIEW") || kind.equals("ALTER_TABLE")
				|| kind.equals("DROP_TABLE") && index.isView(fact.tableName());
	}

}
