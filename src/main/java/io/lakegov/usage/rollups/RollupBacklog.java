package io.lakegov.usage.rollups;

import java.sql.Date;
import java.sql.Types;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.TreeSet;

import org.jspecify.annotations.Nullable;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;
import org.springframework.stereotype.Repository;

/**
 * The (day, table) pairs whose rollup rows wait to be rebuilt from their facts ({@code rollup_backlog}).
 * <p>
 * Every writer of facts records its pairs in its own transaction, by an upsert that locks each pair's row
 * until it commits. A catch-up takes only pairs no open transaction holds ({@code SKIP LOCKED}): a pair
 * whose facts are being changed stays for the next catch-up, and one recorded again after a catch-up took
 * it is simply taken again. So a catch-up never rebuilds a pair from facts it cannot see yet, and never
 * waits for a writer. Pairs are locked in one order (day, then table) everywhere.
 */
@Repository
public class RollupBacklog {

	private static final Comparator<DayTable> ORDER = Comparator.comparing(DayTable::date)
		.thenComparing(DayTable::table);

	/** Serialises rebuilds: two of them would each insert the rows keyed by day and user that they share. */
	private static final long REBUILD_LOCK = 0x6c616b65726f6cL;

	private final JdbcClient jdbc;

	RollupBacklog(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/** Records the pairs in the caller's transaction. */
	public void record(Collection<DayTable> pairs) {
		if (pairs.isEmpty()) {
			return;
		}
		List<DayTable> ordered = List.copyOf(sorted(pairs));
		jdbc.sql("""
				INSERT INTO rollup_backlog AS b (business_date, table_name)
				SELECT * FROM unnest(:dates::date[], :tables::text[])
				ON CONFLICT (business_date, table_name) DO UPDATE SET changed_at = now()""")
			.param("dates", new SqlArrayValue("date", ordered.stream().map(pair -> Date.valueOf(pair.date())).toArray()))
			.param("tables", new SqlArrayValue("text", ordered.stream().map(DayTable::table).toArray()))
			.update();
	}

	/**
	 * Takes the given pairs off the backlog in the caller's transaction, which recorded them (and so holds
	 * them) and rebuilds them before it commits.
	 */
	public void remove(Collection<DayTable> pairs) {
		List<DayTable> ordered = List.copyOf(sorted(pairs));
		jdbc.sql("""
				DELETE FROM rollup_backlog b USING unnest(:dates::date[], :tables::text[]) AS p(business_date, table_name)
				WHERE b.business_date = p.business_date AND b.table_name = p.table_name""")
			.param("dates", new SqlArrayValue("date", ordered.stream().map(pair -> Date.valueOf(pair.date())).toArray()))
			.param("tables", new SqlArrayValue("text", ordered.stream().map(DayTable::table).toArray()))
			.update();
	}

	/**
	 * Takes up to {@code limit} of the oldest days' pairs that no open transaction holds, that were last
	 * recorded before {@code changedBefore} (any time when null) and are of days before {@code dayBefore}
	 * (any day when null).
	 */
	public List<DayTable> take(int limit, @Nullable Instant changedBefore, @Nullable LocalDate dayBefore) {
		return jdbc.sql("""
				WITH taken AS (
				    SELECT business_date, table_name FROM rollup_backlog
				    WHERE (CAST(:before AS timestamptz) IS NULL OR changed_at < :before)
				      AND (CAST(:day AS date) IS NULL OR business_date < :day)
				    ORDER BY business_date, table_name
				    LIMIT :limit
				    FOR UPDATE SKIP LOCKED)
				DELETE FROM rollup_backlog b USING taken t
				WHERE b.business_date = t.business_date AND b.table_name = t.table_name
				RETURNING b.table_name, b.business_date""")
			.param("limit", limit)
			.param("before", changedBefore == null ? null : changedBefore.atOffset(ZoneOffset.UTC),
					Types.TIMESTAMP_WITH_TIMEZONE)
			.param("day", dayBefore == null ? null : Date.valueOf(dayBefore), Types.DATE)
			.query((rs, n) -> new DayTable(rs.getString(1), rs.getObject(2, LocalDate.class)))
			.list();
	}

	/** How many pairs wait. */
	public long size() {
		return jdbc.sql("SELECT count(*) FROM rollup_backlog").query(Long.class).single();
	}

	/** Waits until no other transaction rebuilds rollups; held until the caller's transaction ends. */
	public void lockRebuilds() {
		jdbc.sql("SELECT pg_advisory_xact_lock(:lock)").param("lock", REBUILD_LOCK).query(Object.class).single();
	}

	/**
	 * Gives the caller's transaction the memory to sort and hash the facts of a whole chunk of pairs without
	 * spilling to disk: the rebuild's distinct counts sort every fact of the chunk.
	 */
	public void sortInMemory() {
		jdbc.sql("SET LOCAL work_mem = '64MB'").update();
	}

	private static TreeSet<DayTable> sorted(Collection<DayTable> pairs) {
		TreeSet<DayTable> sorted = new TreeSet<>(ORDER);
		sorted.addAll(pairs);
		return sorted;
	}

}
