package io.lakegov.archive.shed;

import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;

import io.lakegov.archive.ArchiveProperties;
import io.lakegov.archive.ArchiveStatus;
import io.lakegov.history.HistorySource;
import io.lakegov.history.Sources;
import io.lakegov.store.StoreProperties;
import io.lakegov.usage.BusinessDates;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.dao.DataAccessException;
import org.springframework.dao.PessimisticLockingFailureException;
import org.springframework.stereotype.Component;

/**
 * Detail retention ({@code lakegov.store.detail-retention}): keeps the store's per-statement detail to the
 * last days and leaves the rest to the lakehouse archive. A pass moves the horizon to today less the retention
 * (not past a day whose rollups wait for a rebuild) and removes, in small transactions, the history rows,
 * facts and column facts of the statements of closed days that the archive holds. What a statement of a
 * closed day still waits for (an archive write) keeps it until a later pass; the statements the view graph
 * and the retention proposals read stay. A pass killed part way leaves nothing half removed: each statement
 * goes in one transaction, and the next pass goes on.
 */
@Component
public class DetailShedder {

	private static final Logger log = LoggerFactory.getLogger(DetailShedder.class);

	private final StoreProperties store;

	private final ShedRepository repository;

	private final Sources sources;

	private final BusinessDates dates;

	private final Clock clock;

	private final Counter shed;

	private final AtomicLong held = new AtomicLong();

	private volatile Instant nextPass = Instant.MIN;

	private volatile LocalDate lastTarget;

	DetailShedder(StoreProperties store, ArchiveProperties archive, ShedRepository repository, Sources sources,
			BusinessDates dates, MeterRegistry registry) {
		if (store.detailRetention() != null && !archive.enabled()) {
			throw new IllegalStateException("lakegov.store.detail-retention is set, but lakegov.archive.enabled is not: "
					+ "detail leaves the store only once the lakehouse archive holds it");
		}
		this.store = store;
		this.repository = repository;
		this.sources = sources;
		this.dates = dates;
		this.clock = Clock.systemUTC();
		this.shed = Counter.builder("lakegov.store.detail.shed")
			.description("statements whose detail left the store for the lakehouse archive (detail retention)")
			.baseUnit("statements")
			.register(registry);
		Gauge.builder("lakegov.store.detail.held", held, AtomicLong::get)
			.description("statements of closed days still in the store after the last pass")
			.baseUnit("statements")
			.register(registry);
	}

	/** What a pass did. */
	public record Pass(LocalDate closedBefore, int statements, long facts, long columnFacts, long held) {
	}

	/**
	 * A pass when one is due: when the horizon should move (a new business day), and otherwise every
	 * {@code lakegov.store.detail-shed-interval}: statements of closed days that wait for the archive are taken
	 * by the next pass after it.
	 */
	public Optional<Pass> shedDue() {
		Long days = store.detailRetentionDays();
		if (days == null) {
			return Optional.empty();
		}
		LocalDate target = dates.today().minusDays(days);
		if (target.equals(lastTarget) && clock.instant().isBefore(nextPass)) {
			return Optional.empty();
		}
		return shed();
	}

	/** A pass now; nothing without detail retention, or while a source's archive does not exist yet. */
	public Optional<Pass> shed() {
		Long days = store.detailRetentionDays();
		if (days == null) {
			return Optional.empty();
		}
		List<String> names = sources.enabled().stream().map(HistorySource::name).toList();
		if (repository.archived(names) < names.size()) {
			log.info("Detail retention waits for the lakehouse archive of every source to exist");
			nextPass = clock.instant().plus(store.detailShedInterval());
			return Optional.empty();
		}
		LocalDate target = dates.today().minusDays(days);
		LocalDate closedBefore;
		try {
			closedBefore = repository.advance(target).orElseThrow();
		}
		catch (DataAccessException busy) {
			if (!gaveWay(busy)) {
				throw busy;
			}
			log.info("Detail retention could not move its horizon past the writers holding it; it tries again in the "
					+ "next pass");
			return Optional.empty();
		}
		Instant before = closedBefore.atStartOfDay(dates.zone()).toInstant();
		int statements = 0;
		long facts = 0;
		long columnFacts = 0;
		long kept = 0;
		for (boolean withoutStart : new boolean[] { false, true }) {
			ShedRepository.Position after = ShedRepository.Position.START;
			ShedRepository.Round round;
			do {
				try {
					round = repository.shed(before, after, store.detailShedBatch(), withoutStart);
				}
				catch (DataAccessException busy) {
					if (!gaveWay(busy)) {
						throw busy;
					}
					log.info("Detail retention gave way to a transaction changing statements of closed days; it goes on in "
							+ "the next pass");
					nextPass = clock.instant();
					return Optional.of(new Pass(closedBefore, statements, facts, columnFacts, kept));
				}
				statements += round.statements();
				facts += round.facts();
				columnFacts += round.columnFacts();
				kept += round.candidates() - round.statements();
				shed.increment(round.statements());
				after = round.last();
			}
			while (round.candidates() == store.detailShedBatch() && after != null);
		}
		repository.held(kept);
		held.set(kept);
		lastTarget = target;
		nextPass = clock.instant().plus(store.detailShedInterval());
		if (statements > 0) {
			log.info("Detail retention: {} statements ({} facts, {} column facts) before {} left the store; {} of those "
					+ "days stay (waiting for the archive, or read by the view graph and retention proposals)", statements,
					facts, columnFacts, closedBefore, kept);
		}
		return Optional.of(new Pass(closedBefore, statements, facts, columnFacts, kept));
	}

	/** Whether a removal gave up waiting for a lock (lock timeout, or chosen as a deadlock's victim). */
	static boolean gaveWay(DataAccessException failure) {
		if (failure instanceof PessimisticLockingFailureException) {
			return true;
		}
		return failure.getMostSpecificCause() instanceof SQLException sql
				&& ("55P03".equals(sql.getSQLState()) || "40P01".equals(sql.getSQLState()));
	}

	/** Where detail retention stands, if it is on. */
	public Optional<ArchiveStatus.Detail> detail() {
		Long days = store.detailRetentionDays();
		if (days == null) {
			return Optional.empty();
		}
		Optional<ShedRepository.Horizon> horizon = repository.horizon();
		return Optional.of(horizon
			.map(now -> new ArchiveStatus.Detail(days, now.closedBefore(), now.statementsShed(), now.factsShed(),
					now.columnFactsShed(), now.statementsHeld(), now.lastShedAt()))
			.orElseGet(() -> new ArchiveStatus.Detail(days, null, 0, 0, 0, 0, null)));
	}

}
