package io.lakegov.feed.datahub;

import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import org.jspecify.annotations.Nullable;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** The days pushed to DataHub's GMS and where each push stands ({@code datahub_usage_push}). */
@Repository
class PushRepository {

	/**
	 * The usage of the day {@code %1$s} as the rollups hold it now, in short: the tables, their reads, writes and
	 * users, and the columns certainly read (the proposals' {@code fieldCounts}, which change without a statement
	 * changing when columns are resolved again after an inventory change). A pushed day whose figures differ from
	 * those its push began with changed after it. The columns are looked up by the day's tables, through
	 * {@code column_daily}'s key.
	 */
	private static final String FINGERPRINT = """
			(SELECT count(*) || '/' || coalesce(sum(t.reads), 0) || '/' || coalesce(sum(t.writes), 0) || '/'
			     || coalesce(sum(t.users), 0) || '/' || coalesce(sum(hashtext(t.table_name)), 0) || '/'
			     || (SELECT count(*) || ':' || coalesce(sum(c.statements), 0) || ':'
			                || coalesce(sum(hashtext(c.table_name || '.' || c.column_name)), 0)
			         FROM table_daily d
			         JOIN column_daily c ON c.table_name = d.table_name AND c.business_date = d.business_date
			         WHERE d.business_date = %1$s AND c.role = 'READ' AND c.resolution = 'RESOLVED')
			 FROM table_daily t WHERE t.business_date = %1$s)""";

	private static final String PUT_BACK_CHANGED = """
			UPDATE datahub_usage_push p SET status = 'PENDING', pushed_through = NULL, proposals = 0, attempts = 0,
			    fingerprint = NULL, last_error = NULL, next_attempt_at = now(), stuck_table = NULL, stuck_rounds = 0,
			    given_up = 0
			WHERE p.status = 'PUSHED' AND p.business_date >= :first
			  AND p.fingerprint IS DISTINCT FROM %s
			  AND NOT EXISTS (SELECT 1 FROM rollup_backlog b WHERE b.business_date = p.business_date)
			RETURNING p.business_date""".formatted(FINGERPRINT.formatted("p.business_date"));

	private static final String RECORD_FINGERPRINT = """
			UPDATE datahub_usage_push SET fingerprint = %s
			WHERE business_date = :date AND claimed_by = :claim AND status = 'PENDING'"""
		.formatted(FINGERPRINT.formatted("CAST(:date AS date)"));

	private final JdbcClient jdbc;

	PushRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/** A day a replica holds: after which table to go on, and how many proposals GMS accepted so far. */
	record Claimed(LocalDate date, @Nullable String pushedThrough, int proposals, int attempt, UUID claim) {
	}

	/**
	 * Adds the closed days {@code first} to {@code last} that are not known yet, due now, and every day after the
	 * latest known one: days that closed while no replica pushed (all were down, or the push was off) are
	 * pushed too, however long ago.
	 */
	void addDays(LocalDate first, LocalDate last) {
		if (first.isAfter(last)) {
			return;
		}
		jdbc.sql("""
				INSERT INTO datahub_usage_push (business_date, next_attempt_at)
				SELECT d::date, now() FROM generate_series(
				    LEAST(CAST(:first AS date), (SELECT max(business_date) + 1 FROM datahub_usage_push)),
				    CAST(:last AS date), interval '1 day') AS d
				ON CONFLICT (business_date) DO NOTHING""")
			.param("first", first)
			.param("last", last)
			.update();
	}

	/**
	 * Puts the pushed days from {@code first} on whose usage changed since their push began back to be pushed
	 * whole again, due now, leaving out days whose rollups wait for a rebuild (their figures are about to
	 * change); the days put back.
	 */
	List<LocalDate> putBackChanged(LocalDate first) {
		return jdbc.sql(PUT_BACK_CHANGED)
			.param("first", first)
			.query(LocalDate.class)
			.list();
	}

	/** Records the day's usage as its push begins ({@link #FINGERPRINT}), while the claim holds. */
	void fingerprint(Claimed day) {
		jdbc.sql(RECORD_FINGERPRINT)
			.param("date", day.date())
			.param("claim", day.claim())
			.update();
	}

	/**
	 * Claims the earliest day that is due and that no live replica holds, for {@code lease}. Two replicas never claim
	 * one day: the row is locked while claimed, and a row another replica is claiming is skipped, not waited for.
	 */
	Optional<Claimed> claim(Duration lease) {
		UUID claim = UUID.randomUUID();
		return jdbc.sql("""
				WITH due AS (
				    SELECT business_date FROM datahub_usage_push
				    WHERE status = 'PENDING' AND next_attempt_at <= now() AND (lease_until IS NULL OR lease_until <= now())
				    ORDER BY business_date
				    LIMIT 1
				    FOR UPDATE SKIP LOCKED)
				UPDATE datahub_usage_push p SET claimed_by = :claim, lease_until = now() + :lease * interval '1 millisecond',
				    attempts = p.attempts + 1, last_attempt_at = now()
				FROM due WHERE p.business_date = due.business_date
				RETURNING p.business_date, p.pushed_through, p.proposals, p.attempts""")
			.param("claim", claim)
			.param("lease", lease.toMillis())
			.query((rs, n) -> new Claimed(rs.getObject(1, LocalDate.class), rs.getString(2), rs.getInt(3), rs.getInt(4),
					claim))
			.optional();
	}

	/**
	 * Records that GMS accepted the day's proposals up to {@code table}, and holds the day for another
	 * {@code lease}; false when the claim was lost (the lease ran out and another replica took the day over).
	 */
	boolean advance(Claimed day, String table, int proposals, Duration lease) {
		return jdbc.sql("""
				UPDATE datahub_usage_push SET pushed_through = :table, proposals = :proposals,
				    lease_until = now() + :lease * interval '1 millisecond',
				    stuck_rounds = CASE WHEN stuck_table = :table THEN 0 ELSE stuck_rounds END,
				    stuck_table = CASE WHEN stuck_table = :table THEN NULL ELSE stuck_table END
				WHERE business_date = :date AND claimed_by = :claim AND status = 'PENDING'""")
			.param("table", table)
			.param("proposals", proposals)
			.param("lease", lease.toMillis())
			.param("date", day.date())
			.param("claim", day.claim())
			.update() == 1;
	}

	/**
	 * Records that GMS failed the proposal of {@code table} in this round while it took a later one; in how many
	 * rounds in a row it did so, this one included.
	 */
	int failedAt(Claimed day, String table) {
		return jdbc.sql("""
				UPDATE datahub_usage_push SET stuck_rounds = CASE WHEN stuck_table = :table THEN stuck_rounds + 1 ELSE 1 END,
				    stuck_table = :table
				WHERE business_date = :date AND claimed_by = :claim AND status = 'PENDING'
				RETURNING stuck_rounds""")
			.param("table", table)
			.param("date", day.date())
			.param("claim", day.claim())
			.query(Integer.class)
			.optional()
			.orElse(0);
	}

	/** {@code proposals} of the day are given up: GMS kept failing them while it took the one after. */
	void gaveUp(Claimed day, int proposals) {
		jdbc.sql("""
				UPDATE datahub_usage_push SET given_up = given_up + :proposals, stuck_table = NULL, stuck_rounds = 0
				WHERE business_date = :date AND claimed_by = :claim AND status = 'PENDING'""")
			.param("proposals", proposals)
			.param("date", day.date())
			.param("claim", day.claim())
			.update();
	}

	/** The day is pushed whole. */
	void pushed(Claimed day) {
		jdbc.sql("""
				UPDATE datahub_usage_push SET status = 'PUSHED', pushed_at = now(), claimed_by = NULL, lease_until = NULL,
				    last_error = NULL
				WHERE business_date = :date AND claimed_by = :claim AND status = 'PENDING'""")
			.param("date", day.date())
			.param("claim", day.claim())
			.update();
	}

	/** The push of the day stopped on {@code error}; it is tried again after {@code retryAfter}. */
	void failed(Claimed day, String error, Duration retryAfter) {
		jdbc.sql("""
				UPDATE datahub_usage_push SET last_error = :error, claimed_by = NULL, lease_until = NULL,
				    next_attempt_at = now() + :retry * interval '1 millisecond'
				WHERE business_date = :date AND claimed_by = :claim AND status = 'PENDING'""")
			.param("error", error)
			.param("retry", retryAfter.toMillis())
			.param("date", day.date())
			.param("claim", day.claim())
			.update();
	}

	/** Where the pushes stand. */
	PushStatus.Days status() {
		return jdbc.sql("""
				SELECT (SELECT max(business_date) FROM datahub_usage_push WHERE status = 'PUSHED'),
				       (SELECT count(*) FROM datahub_usage_push WHERE status = 'PENDING'),
				       (SELECT sum(proposals) FROM datahub_usage_push WHERE status = 'PUSHED'),
				       e.business_date, e.last_error, e.last_attempt_at, e.next_attempt_at
				FROM (SELECT 1) one
				LEFT JOIN LATERAL (
				    SELECT business_date, last_error, last_attempt_at, next_attempt_at FROM datahub_usage_push
				    WHERE status = 'PENDING' AND last_error IS NOT NULL
				    ORDER BY last_attempt_at DESC NULLS LAST LIMIT 1) e ON true""")
			.query((rs, n) -> new PushStatus.Days(rs.getObject(1, LocalDate.class), rs.getLong(2), rs.getLong(3),
					rs.getObject(4, LocalDate.class), rs.getString(5), instant(rs.getTimestamp(6)),
					instant(rs.getTimestamp(7))))
			.single();
	}

	private static @Nullable Instant instant(@Nullable Timestamp timestamp) {
		return timestamp == null ? null : timestamp.toInstant();
	}

}
