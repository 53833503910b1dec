package io.lakegov.usage;

import java.time.LocalDate;
import java.util.Optional;

import org.springframework.jdbc.core.RowMapper;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

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

	DetailHorizon(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/** The first business day whose detail the store holds whole, if days before it are closed. */
	public Optional<LocalDate> closedBefore() {
		return jdbc.sql("SELECT shed_before FROM detail_horizon").query(HORIZON).optional().flatMap(horizon -> horizon);
	}

	/**
	 * As {@link #closedBefore()}, holding the horizon where it is until the caller's transaction ends: a batch
	 * that stores rows or rebuilds rollups reads it so, and the horizon moves only between batches.
	 */
	@Transactional(propagation = Propagation.MANDATORY)
	public Optional<LocalDate> closedBeforeHeld() {
		return jdbc.sql("SELECT shed_before FROM detail_horizon FOR SHARE")
			.query(HORIZON)
			.optional()
			.flatMap(horizon -> horizon);
	}

	/** Whether the day is closed under the horizon given. */
	public static boolean closed(LocalDate day, Optional<LocalDate> horizon) {
		return horizon.isPresent() && day.isBefore(horizon.get());
	}

}
