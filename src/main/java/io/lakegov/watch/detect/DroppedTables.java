package io.lakegov.watch.detect;

import java.sql.Date;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

import io.lakegov.catalog.TablesDropped;
import io.lakegov.usage.BusinessDates;
import io.lakegov.usage.DateRange;
import io.lakegov.views.ReachSegment;
import io.lakegov.views.Views;
import io.lakegov.watch.EventType;
import io.lakegov.watch.WatchProperties;
import io.lakegov.watch.outbox.Outbox;
import io.lakegov.watch.outbox.RaisedEvent;
import io.lakegov.web.Secrets;
import org.jspecify.annotations.Nullable;

import org.springframework.context.event.EventListener;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

/**
 * Raises SCHEMA_DROPPED, inside the catalog sync's transaction, for watched tables that left the inventory
 * while they were still read in the window before the sync ({@code lakegov.watch.new-reader-after}). Should
 * that fail, the sync commits with the tables recorded for {@link Redetector} to raise their events later.
 */
@Component
class DroppedTables {

	private final ActiveWatches active;

	private final Outbox outbox;

	private final JdbcClient jdbc;

	private final BusinessDates dates;

	private final int windowDays;

	private final Savepoints savepoints;

	private final Redetections redetections;

	private final Views views;

	DroppedTables(ActiveWatches active, Outbox outbox, JdbcClient jdbc, BusinessDates dates,
			WatchProperties properties, Savepoints savepoints, Redetections redetections, Views views) {
		this.redetections = redetections;
		this.views = views;
		this.savepoints = savepoints;
		this.active = active;
		this.outbox = outbox;
		this.jdbc = jdbc;
		this.dates = dates;
		this.windowDays = properties.windowDays();
	}

	@EventListener
	@Transactional(propagation = Propagation.MANDATORY)
	public void tablesDropped(TablesDropped event) {
		raise(event, failure -> redetections.recordDropped(event.tables(), event.at(),
				Secrets.mask(String.valueOf(failure.getMessage()))));
	}

	/**
	 * Raises the events of the dropped tables in the current transaction, behind a savepoint; after a failure,
	 * runs {@code afterFailure} behind another. Whether the events were raised (true when no watch wants them).
	 */
	boolean raise(TablesDropped event, Consumer<RuntimeException> afterFailure) {
		// loading the watches is behind the savepoint too: a watch that cannot be read fails the events, not the sync
		return savepoints.run("a catalog sync", () -> {
			List<WatchSet.Active> watches = active.current().wanting(EventType.SCHEMA_DROPPED);
			if (!watches.isEmpty()) {
				detect(event, watches);
			}
		}, afterFailure);
	}

	private void detect(TablesDropped event, List<WatchSet.Active> watches) {
		LocalDate day = event.at().atZone(dates.zone()).toLocalDate();
		List<RaisedEvent> raised = new ArrayList<>();
		for (String table : event.tables()) {
			List<WatchSet.Active> matching = watches.stream()
				.filter(watch -> watch.matches(table) && !event.at().isBefore(watch.createdAt()))
				.toList();
			if (matching.isEmpty()) {
				continue;
			}
			Read read = reads(table, new DateRange(day.minusDays(windowDays), day));
			if (read.last() == null) {
				continue;
			}
			for (WatchSet.Active watch : matching) {
				Map<String, Object> details = new LinkedHashMap<>();
				details.put("table", table);
				details.put("droppedAt", event.at().toString());
				details.put("lastRead", read.last().toString());
				details.put("readers", read.readers().size());
				details.put("throughViews", read.views());
				details.put("windowDays", windowDays);
				raised.add(new RaisedEvent(watch.id(), EventType.SCHEMA_DROPPED.name(),
						String.join("|", EventType.SCHEMA_DROPPED.name(), table, event.at().toString()), details));
			}
		}
		outbox.raise(raised);
	}

	/**
	 * The reads of a table in a window, directly or through views: the last, the principals who read it, and
	 * the views (nearest first) whose reads reached it.
	 */
	private record Read(@Nullable Instant last, Set<String> readers, List<String> views) {
	}

	private Read reads(String table, DateRange window) {
		Map<String, Instant> readers = new HashMap<>(readers(table, window.from(), window.to()));
		Set<String> through = new LinkedHashSet<>();
		for (ReachSegment segment : views.reaching(table, window).segments()) {
			LocalDate from = segment.from().isBefore(window.from()) ? window.from() : segment.from();
			LocalDate to = segment.to().isAfter(window.to()) ? window.to() : segment.to();
			if (from.isAfter(to)) {
				continue;
			}
			Map<String, Instant> viewReaders = readers(segment.view(), from, to);
			if (!viewReaders.isEmpty()) {
				through.add(segment.view());
				viewReaders.forEach((user, last) -> readers.merge(user, last, (a, b) -> a.isAfter(b) ? a : b));
			}
		}
		Instant last = readers.values().stream().max(Comparator.naturalOrder()).orElse(null);
		return new Read(last, readers.keySet(), List.copyOf(through));
	}

	/** Who read the table on the days, each with their last read. */
	private Map<String, Instant> readers(String table, LocalDate from, LocalDate to) {
		// the rollup for days whose rows are exact, the facts for days still waiting in the rollup backlog
		Map<String, Instant> readers = new HashMap<>();
		jdbc.sql("""
				SELECT user_name, max(last_event) FROM (
				    SELECT d.last_event, d.user_name FROM table_user_daily d
				    WHERE d.table_name = :table AND d.business_date BETWEEN :from AND :to AND d.role = 'READ'
				      AND NOT EXISTS (
				          SELECT 1 FROM rollup_backlog b WHERE b.business_date = d.business_date AND b.table_name = d.table_name)
				    UNION ALL
				    SELECT a.event_time, a.user_name FROM rollup_backlog b
				    JOIN table_access a ON a.table_name = b.table_name AND a.business_date = b.business_date AND a.role = 'READ'
				    WHERE b.table_name = :table AND b.business_date BETWEEN :from AND :to) AS reads
				GROUP BY user_name""")
			.param("table", table)
			.param("from", Date.valueOf(from))
			.param("to", Date.valueOf(to))
			.query((rs, n) -> readers.put(rs.getString(1), rs.getTimestamp(2).toInstant()))
			.list();
		return readers;
	}

}
