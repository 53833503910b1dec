package io.lakegov.usage;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

import io.lakegov.web.ApiException;

import org.springframework.jdbc.core.RowMapper;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * Where per-statement detail starts (detail retention, {@code lakegov.store.detail-retention}): the business
 * days before the horizon are closed. Their history rows and facts left the store for the lakehouse archive;
 * their rollups stay, exact, and no longer change: rows that arrive for a closed day are counted by their run
 * and not stored, and no rebuild touches a closed day. Without detail retention nothing is ever closed.
 */
@Component
public class DetailHorizon {

	private static final RowMapper<Optional<LocalDate>> HORIZON = (rs, n) -> Optional
		.ofNullable(rs.getObject(1, LocalDate.class));

	private final JdbcClient jdbc;

	private final BusinessDates dates;

	DetailHorizon(JdbcClient jdbc, BusinessDates dates) {
		this.jdbc = jdbc;
		this.dates = dates;
	}

	/** The first business day whose detail the store holds whole, if days before it are closed. */
	public Optional<LocalDate> closedBefore() {
		return jdbc.sql("SELECT shed_before FROM detail_horizon").query(HORIZON).optional().flatMap(horizon -> horizon);
	}

	/**
	 * Refuses (400) a backfill window that ends before the first open business day: it would read rows that
	 * are counted and not stored.
	 */
	public void refuseClosedWindow(Instant windowEnd) {
		closedBefore().ifPresent(closedBefore -> {
			if (!windowEnd.isAfter(closedBefore.atStartOfDay(dates.zone()).toInstant())) {
				throw ApiException.badRequest("The window ends before " + closedBefore + ": the business days before it "
						+ "are closed by lakegov.store.detail-retention (their detail is in the lakehouse archive and their "
						+ "rollups no longer change), so a backfill there would store nothing.");
			}
		});
	}

	/**
	 * As {@link #closedBefore()}, holding the horizon where it is until the caller's transaction ends: a batch
	 * that stores rows or rebuilds rollups reads it so, and the horizon moves only between batches. The row is
	 * read once per transaction; the horizon cannot move while the transaction holds it.
	 */
	@Transactional(propagation = Propagation.MANDATORY)
	public Optional<LocalDate> closedBeforeHeld() {
		@SuppressWarnings("unchecked")
		Optional<LocalDate> held = (Optional<LocalDate>) TransactionSynchronizationManager.getResource(this);
		if (held != null) {
			return held;
		}
		Optional<LocalDate> read = jdbc.sql("SELECT shed_before FROM detail_horizon FOR SHARE")
			.query(HORIZON)
			.optional()
			.flatMap(horizon -> horizon);
		TransactionSynchronizationManager.bindResource(this, read);
		TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
			@Override
			public void afterCompletion(int status) {
				TransactionSynchronizationManager.unbindResourceIfPossible(DetailHorizon.this);
			}
		});
		return read;
	}

	/**
	 * The items of business days that are not closed, holding the horizon until the caller's transaction ends
	 * (read only when there are items).
	 */
	@Transactional(propagation = Propagation.MANDATORY)
	public <T> List<T> openDays(Collection<T> items, Function<T, LocalDate> day) {
		Optional<LocalDate> closedBefore = items.isEmpty() ? Optional.empty() : closedBeforeHeld();
		return items.stream().filter(item -> !closed(day.apply(item), closedBefore)).toList();
	}

	/** As {@link #openDays}, for items dated by an instant, whose business day is that of the business zone. */
	@Transactional(propagation = Propagation.MANDATORY)
	public <T> List<T> openTimes(Collection<T> items, Function<T, Instant> time) {
		ZoneId zone = dates.zone();
		return openDays(items, item -> time.apply(item).atZone(zone).toLocalDate());
	}

	/** The part of the range whose per-statement detail the store holds: all of it without detail retention. */
	public Optional<DateRange> open(DateRange range) {
		return open(range, closedBefore());
	}

	/** The part of the range from the horizon given on: all of it without one, none if it ends before. */
	public static Optional<DateRange> open(DateRange range, Optional<LocalDate> closedBefore) {
		if (closedBefore.isEmpty() || !range.from().isBefore(closedBefore.get())) {
			return Optional.of(range);
		}
		return range.to().isBefore(closedBefore.get()) ? Optional.empty()
				: Optional.of(new DateRange(closedBefore.get(), range.to()));
	}

	private static boolean closed(LocalDate day, Optional<LocalDate> horizon) {
		return horizon.isPresent() && day.isBefore(horizon.get());
	}

}
