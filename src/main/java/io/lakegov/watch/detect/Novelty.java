package io.lakegov.watch.detect;

import java.sql.Date;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;
import org.springframework.stereotype.Repository;

/**
 * Tells a new reader (writer) of a table from a returning one: from the rollup without query source
 * ({@code table_user_daily}: its key leads with the table, date and role) for the days whose rollup rows are
 * exact, and from the facts for the (day, table) pairs that wait in {@code rollup_backlog} to be rebuilt,
 * which include those of the batch being written (it recorded them in its transaction, and a catch-up
 * removes a pair in the transaction that rebuilds it). One round trip for all candidates of a batch.
 */
@Repository
class Novelty {

	private final JdbcClient jdbc;

	Novelty(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/**
	 * A principal's first access to a table in a batch.
	 *
	 * @param names the table and the views that reach it: an access to any of them before counts
	 * @param at the access's event time
	 * @param day its business date
	 */
	record Candidate(Set<String> names, String user, Instant at, LocalDate day) {
	}

	/**
	 * The positions of the candidates whose principal accessed one of the names in the role within
	 * {@code windowDays} before the candidate's access: those are not new.
	 */
	Set<Integer> seenBefore(List<Candidate> candidates, String role, int windowDays) {
		if (candidates.isEmpty()) {
			return Set.of();
		}
		List<Integer> positions = new ArrayList<>();
		List<String> names = new ArrayList<>();
		List<String> users = new ArrayList<>();
		List<Timestamp> ats = new ArrayList<>();
		List<Date> days = new ArrayList<>();
		for (int i = 0; i < candidates.size(); i++) {
			Candidate candidate = candidates.get(i);
			for (String name : candidate.names()) {
				positions.add(i);
				names.add(name);
				users.add(candidate.user());
				ats.add(Timestamp.from(candidate.at()));
				days.add(Date.valueOf(candidate.day()));
			}
		}
		List<Integer> seen = jdbc.sql("""
				WITH c AS (
				    SELECT * FROM unnest(CAST(:positions AS int[]), CAST(:names AS text[]), CAST(:users AS text[]),
				        CAST(:ats AS timestamptz[]), CAST(:days AS date[])) AS c(i, name, user_name, at, day))
				-- a day whose rollup rows are exact (its pair waits in no backlog) counts when it holds an access
				-- before the candidate's inside the window
				SELECT c.i FROM c
				WHERE EXISTS (
				    SELECT 1 FROM table_user_daily d
				    WHERE d.table_name = c.name AND d.role = :role
				      AND d.business_date BETWEEN c.day - :window AND c.day
				      AND d.user_name = c.user_name
				      AND d.first_event < c.at AND d.last_event >= c.at - make_interval(days => :window)
				      AND NOT EXISTS (
				          SELECT 1 FROM rollup_backlog b WHERE b.business_date = d.business_date AND b.table_name = d.table_name))
				UNION
				-- a day still waiting to be rebuilt (this batch's among them) is read from its facts
				SELECT c.i FROM c
				JOIN rollup_backlog b ON b.table_name = c.name AND b.business_date BETWEEN c.day - :window AND c.day
				WHERE EXISTS (
				    SELECT 1 FROM table_access a
				    WHERE a.table_name = b.table_name AND a.business_date = b.business_date AND a.role = :role
				      AND a.user_name = c.user_name
				      AND a.event_time < c.at AND a.event_time >= c.at - make_interval(days => :window))""")
			.param("positions", new SqlArrayValue("int4", positions.toArray()))
			.param("names", new SqlArrayValue("text", names.toArray()))
			.param("users", new SqlArrayValue("text", users.toArray()))
			.param("ats", new SqlArrayValue("timestamptz", ats.toArray()))
			.param("days", new SqlArrayValue("date", days.toArray()))
			.param("role", role)
			.param("window", windowDays)
			.query(Integer.class)
			.list();
		return new HashSet<>(seen);
	}

	/**
	 * A candidate's event already stored: the watch, the type, and the key's prefix ({@code type|table|principal|})
	 * before the business day.
	 */
	record Raised(long watch, String prefix, LocalDate day) {
	}

	/**
	 * The positions of the candidates whose watch already raised their event for a later day within
	 * {@code windowDays}: their principal's first access arrived after a later one, and is no news.
	 */
	Set<Integer> raisedLater(List<Raised> candidates, int windowDays) {
		if (candidates.isEmpty()) {
			return Set.of();
		}
		List<Integer> positions = new ArrayList<>();
		List<Long> watches = new ArrayList<>();
		List<String> lows = new ArrayList<>();
		List<String> highs = new ArrayList<>();
		for (int i = 0; i < candidates.size(); i++) {
			Raised candidate = candidates.get(i);
			positions.add(i);
			watches.add(candidate.watch());
			lows.add(candidate.prefix() + candidate.day().plusDays(1));
			highs.add(candidate.prefix() + candidate.day().plusDays(windowDays));
		}
		List<Integer> raised = jdbc.sql("""
				SELECT c.i FROM unnest(CAST(:positions AS int[]), CAST(:watches AS bigint[]), CAST(:lows AS text[]),
				    CAST(:highs AS text[])) AS c(i, watch_id, low, high)
				WHERE EXISTS (
				    SELECT 1 FROM watch_event e
				    WHERE e.watch_id = c.watch_id AND e.event_key COLLATE "C" BETWEEN c.low AND c.high)""")
			.param("positions", new SqlArrayValue("int4", positions.toArray()))
			.param("watches", new SqlArrayValue("int8", watches.toArray()))
			.param("lows", new SqlArrayValue("text", lows.toArray()))
			.param("highs", new SqlArrayValue("text", highs.toArray()))
			.query(Integer.class)
			.list();
		return new HashSet<>(raised);
	}

}
