package io.lakegov.usage.rollups;

import java.sql.Date;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

import io.lakegov.usage.UsageFact;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;
import org.springframework.stereotype.Repository;

/**
 * Keeps {@code co_read_daily} equal to the facts, the way lineage is kept: a row (day, A, B) only changes
 * when a statement that read both A and B on that day gains or loses facts. The (day, table) pairs that
 * lost a read of such a statement are rebuilt from the facts; every other pair only gains the batch's
 * statements, none of which it counted before. One update is given the removed and new facts of one source's
 * statements, so their statement ids tell them apart.
 */
@Repository
public class CoReadRollups {

	private final JdbcClient jdbc;

	CoReadRollups(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/** A removed fact: its statement, table, day and role. */
	public record Removed(String statementId, String table, Date date, String role) {
	}

	/**
	 * Rebuilds the pairs whose links lose statements with the removed facts, and adds the links of the
	 * new facts of the other pairs.
	 */
	public void update(List<Removed> removed, List<UsageFact> facts) {
		Set<Pair> rebuilt = rebuiltPairs(removed);
		if (!rebuilt.isEmpty()) {
			DayTablePairs pairs = new DayTablePairs(rebuilt.stream().map(Pair::table).toList(),
					rebuilt.stream().map(Pair::date).toList());
			pairs.delete(jdbc, "co_read_daily", "table_name");
			pairs.bind(jdbc.sql("""
					INSERT INTO co_read_daily (business_date, table_name, other_table, statements, last_event)
					SELECT r.business_date, r.table_name, o.table_name, count(DISTINCT (r.source, r.statement_id)),
					       max(r.event_time)
					FROM unnest(:tables::text[], :dates::date[]) AS t(table_name, business_date)
					JOIN table_access r ON r.table_name = t.table_name AND r.business_date = t.business_date
					    AND r.role = 'READ'
					JOIN table_access o ON o.source = r.source AND o.statement_id = r.statement_id AND o.role = 'READ'
					    AND o.table_name <> r.table_name
					GROUP BY r.business_date, r.table_name, o.table_name"""))
				.update();
		}
		add(facts, read -> rebuilt.contains(new Pair(read.tableName(), Date.valueOf(read.businessDate()))));
	}

	/** The (day, table) pairs read by removed statements that read more than one table. */
	private static Set<Pair> rebuiltPairs(List<Removed> removed) {
		Map<String, Set<String>> tablesRead = new LinkedHashMap<>();
		removed.forEach(fact -> {
			if ("READ".equals(fact.role())) {
				tablesRead.computeIfAbsent(fact.statementId(), id -> new HashSet<>()).add(fact.table());
			}
		});
		Set<Pair> pairs = new LinkedHashSet<>();
		removed.forEach(fact -> {
			if ("READ".equals(fact.role()) && tablesRead.get(fact.statementId()).size() > 1) {
				pairs.add(new Pair(fact.table(), fact.date()));
			}
		});
		return pairs;
	}

	private void add(List<UsageFact> facts, Predicate<UsageFact> rebuilt) {
		Map<String, List<UsageFact>> readsByStatement = new LinkedHashMap<>();
		facts.forEach(fact -> {
			if ("READ".equals(fact.role())) {
				readsByStatement.computeIfAbsent(fact.statementId(), id -> new ArrayList<>()).add(fact);
			}
		});
		Map<Link, Set<String>> statements = new LinkedHashMap<>();
		Map<Link, Instant> links = new LinkedHashMap<>();
		readsByStatement.values().forEach(reads -> {
			Set<String> tables = new LinkedHashSet<>();
			reads.forEach(read -> tables.add(read.tableName()));
			reads.forEach(read -> {
				if (rebuilt.test(read)) {
					return;
				}
				tables.forEach(other -> {
					if (!other.equals(read.tableName())) {
						Link link = new Link(read.businessDate(), read.tableName(), other);
						statements.computeIfAbsent(link, key -> new HashSet<>()).add(read.statementId());
						links.merge(link, read.eventTime(), (x, y) -> x.isAfter(y) ? x : y);
					}
				});
			});
		});
		if (links.isEmpty()) {
			return;
		}
		List<Link> keys = List.copyOf(links.keySet());
		jdbc.sql("""
				INSERT INTO co_read_daily (business_date, table_name, other_table, statements, last_event)
				SELECT * FROM unnest(:dates::date[], :tables::text[], :others::text[], :statements::bigint[],
				    :lasts::timestamptz[])
				ON CONFLICT (table_name, business_date, other_table) DO UPDATE SET
				    statements = co_read_daily.statements + EXCLUDED.statements,
				    last_event = greatest(co_read_daily.last_event, EXCLUDED.last_event)""")
			.param("dates", new SqlArrayValue("date", keys.stream().map(link -> Date.valueOf(link.date())).toArray()))
			.param("tables", new SqlArrayValue("text", keys.stream().map(Link::table).toArray()))
			.param("others", new SqlArrayValue("text", keys.stream().map(Link::other).toArray()))
			.param("statements", new SqlArrayValue("bigint", keys.stream().map(link -> (long) statements.get(link).size()).toArray()))
			.param("lasts", new SqlArrayValue("timestamptz",
					keys.stream().map(link -> Timestamp.from(links.get(link))).toArray()))
			.update();
	}

	private record Pair(String table, Date date) {
	}

	private record Link(LocalDate date, String table, String other) {
	}

}
