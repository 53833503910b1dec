package io.lakegov.watch.detect;

import java.sql.Date;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

import io.lakegov.catalog.TablesDropped;
import io.lakegov.usage.BusinessDates;
import io.lakegov.watch.EventType;
import io.lakegov.watch.WatchProperties;
import io.lakegov.watch.outbox.Outbox;
import io.lakegov.watch.outbox.RaisedEvent;
import io.lakegov.web.Secrets;

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

	DroppedTables(ActiveWatches active, Outbox outbox, JdbcClient jdbc, BusinessDates dates,
			WatchProperties properties, Savepoints savepoints, Redetections redetections) {
		this.redetections = redetections;
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
			Optional<Read> read = lastRead(table, day.minusDays(windowDays));
			if (read.isEmpty()) {
				continue;
			}
			for (WatchSet.Active watch : matching) {
				Map<String, Object> details = new LinkedHashMap<>();
				details.put("table", table);
				details.put("droppedAt", event.at().toString());
				details.put("lastRead", read.get().last());
				details.put("readers", read.get().readers());
				details.put("windowDays", windowDays);
				raised.add(new RaisedEvent(watch.id(), EventType.SCHEMA_DROPPED.name(),
						String.join("|", EventType.SCHEMA_DROPPED.name(), table, event.at().toString()), details));
			}
		}
		outbox.raise(raised);
	}

	private record Read(String last, long readers) {
	}

	private Optional<Read> lastRead(String table, LocalDate from) {
		// the rollup for days whose rows are exact, the facts for days still waiting in the rollup backlog
		return jdbc.sql("""
				SELECT max(last_event), count(DISTINCT user_name) FROM (
				    SELECT d.last_event, d.user_name FROM table_user_daily d
				    WHERE d.table_name = :table AND d.business_date >= :from AND d.role = 'READ'
				      AND NOT EXISTS (
				          SELECT 1 FROM rollup_backlog b WHERE b.business_date = d.business_date AND b.table_name = d.table_name)
				    UNION ALL
				    SELECT a.event_time, a.user_name FROM rollup_backlog b
				    JOIN table_access a ON a.table_name = b.table_name AND a.business_date = b.business_date AND a.role = 'READ'
				    WHERE b.table_name = :table AND b.business_date >= :from) AS reads
				HAVING count(*) > 0""")
			.param("table", table)
			.param("from", Date.valueOf(from))
			.query((rs, n) -> new Read(rs.getTimestamp(1).toInstant().toString(), rs.getLong(2)))
			.optional();
	}

}
