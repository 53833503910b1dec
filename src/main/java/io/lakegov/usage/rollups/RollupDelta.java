package io.lakegov.usage.rollups;

import java.sql.Date;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

import io.lakegov.store.CopyRows;
import io.lakegov.usage.UsageFact;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;
import org.springframework.stereotype.Repository;

/**
 * Adds new facts to the daily rollups without reading the facts already stored. It is exact for facts of
 * (day, table) pairs that lost no fact in the batch: none of their statements was counted there before,
 * so each rollup row grows by the batch's own counts, and its first and last event widen to the batch's.
 * Most batches only bring new statements, and their (day, table) pairs then cost a few upserts instead of
 * a re-aggregation of the whole day's facts of busy tables.
 */
@Repository
public class RollupDelta {

	private static final String STAGE = """
			CREATE TEMP TABLE IF NOT EXISTS usage_delta (business_date date, table_name text, user_name text,
			    role text, source_kind text, source_id text, statements bigint, time_travel_statements bigint,
			    first_event timestamptz, last_event timestamptz, lineage_only_statements bigint) ON COMMIT DROP;
			TRUNCATE usage_delta""";

	private static final String COPY = """
			COPY usage_delta (business_date, table_name, user_name, role, source_kind, source_id, statements,
			    time_travel_statements, first_event, last_event, lineage_only_statements) FROM STDIN""";

	private final JdbcClient jdbc;

	private final CopyRows copy;

	RollupDelta(JdbcClient jdbc, CopyRows copy) {
		this.jdbc = jdbc;
		this.copy = copy;
	}

	/**
	 * Adds the facts to {@code usage_daily}, {@code table_user_daily}, {@code table_source_daily} and
	 * {@code user_daily}. Runs in the transaction that stored the facts; every fact must belong to a
	 * (day, table) pair that lost no fact in it.
	 */
	public void add(List<UsageFact> facts) {
		if (facts.isEmpty()) {
			return;
		}
		jdbc.sql(STAGE).update();
		copy.copy(COPY, rows(facts));
		jdbc.sql("""
				INSERT INTO usage_daily (business_date, table_name, user_name, role, source_kind, source_id,
				    statements, time_travel_statements, first_event, last_event, lineage_only_statements)
				SELECT business_date, table_name, user_name, role, source_kind, source_id, statements,
				       time_travel_statements, first_event, last_event, lineage_only_statements
				FROM usage_delta
				ON CONFLICT (table_name, business_date, user_name, role, source_kind, source_id) DO UPDATE SET
				    statements = usage_daily.statements + EXCLUDED.statements,
				    lineage_only_statements = usage_daily.lineage_only_statements + EXCLUDED.lineage_only_statements,
				    time_travel_statements = usage_daily.time_travel_statements + EXCLUDED.time_travel_statements,
				    first_event = least(usage_daily.first_event, EXCLUDED.first_event),
				    last_event = greatest(usage_daily.last_event, EXCLUDED.last_event)""")
			.update();
		// a statement's facts all carry its one query source: summing over sources counts it once
		jdbc.sql("""
				INSERT INTO table_user_daily (business_date, table_name, user_name, role, statements,
				    time_travel_statements, first_event, last_event, lineage_only_statements)
				SELECT business_date, table_name, user_name, role, sum(statements), sum(time_travel_statements),
				       min(first_event), max(last_event), sum(lineage_only_statements)
				FROM usage_delta
				GROUP BY business_date, table_name, user_name, role
				ON CONFLICT (table_name, business_date, role, user_name) DO UPDATE SET
				    statements = table_user_daily.statements + EXCLUDED.statements,
				    lineage_only_statements = table_user_daily.lineage_only_statements + EXCLUDED.lineage_only_statements,
				    time_travel_statements = table_user_daily.time_travel_statements + EXCLUDED.time_travel_statements,
				    first_event = least(table_user_daily.first_event, EXCLUDED.first_event),
				    last_event = greatest(table_user_daily.last_event, EXCLUDED.last_event)""")
			.update();
		jdbc.sql("""
				INSERT INTO table_source_daily (business_date, table_name, role, source_kind, source_id, statements,
				    last_event, lineage_only_statements)
				SELECT business_date, table_name, role, source_kind, source_id, sum(statements), max(last_event),
				       sum(lineage_only_statements)
				FROM usage_delta
				GROUP BY business_date, table_name, role, source_kind, source_id
				ON CONFLICT (table_name, business_date, role, source_kind, source_id) DO UPDATE SET
				    statements = table_source_daily.statements + EXCLUDED.statements,
				    lineage_only_statements = table_source_daily.lineage_only_statements + EXCLUDED.lineage_only_statements,
				    last_event = greatest(table_source_daily.last_event, EXCLUDED.last_event)""")
			.update();
		jdbc.sql("""
				INSERT INTO user_daily (business_date, user_name, reads, writes, lineage_only)
				SELECT business_date, user_name, coalesce(sum(statements) FILTER (WHERE role = 'READ'), 0),
				       coalesce(sum(statements) FILTER (WHERE role = 'WRITE'), 0), sum(lineage_only_statements)
				FROM usage_delta
				WHERE role IN ('READ', 'WRITE')
				GROUP BY business_date, user_name
				ON CONFLICT (business_date, user_name) DO UPDATE SET
				    reads = user_daily.reads + EXCLUDED.reads,
				    lineage_only = user_daily.lineage_only + EXCLUDED.lineage_only,
				    writes = user_daily.writes + EXCLUDED.writes""")
			.update();
	}

	/**
	 * Adds the lineage of the given facts (all facts of each of their statements) to
	 * {@code table_lineage_daily}, except for the sources that {@code rebuilt} says are rebuilt from the
	 * facts instead: a (day, source) pair whose facts only grew gains the batch's statements that read the
	 * source and wrote another table, none of which it counted before.
	 */
	public void addLineage(List<UsageFact> facts, Predicate<UsageFact> rebuilt) {
		Map<String, List<UsageFact>> byStatement = new LinkedHashMap<>();
		for (UsageFact fact : facts) {
			if (!"GRANT".equals(fact.role())) {
				byStatement.computeIfAbsent(fact.statementId(), id -> new ArrayList<>()).add(fact);
			}
		}
		Map<Link, Counts> links = new LinkedHashMap<>();
		byStatement.values().forEach(accesses -> accesses.forEach(read -> {
			if (!"READ".equals(read.role()) || accesses.stream().noneMatch(fact -> "WRITE".equals(fact.role()))
					|| rebuilt.test(read)) {
				return;
			}
			accesses.forEach(write -> {
				if ("WRITE".equals(write.role()) && !write.tableName().equals(read.tableName())) {
					links.computeIfAbsent(new Link(read.businessDate(), read.tableName(), write.tableName()),
							link -> new Counts()).add(read);
				}
			});
		}));
		if (links.isEmpty()) {
			return;
		}
		List<Link> keys = List.copyOf(links.keySet());
		jdbc.sql("""
				INSERT INTO table_lineage_daily (business_date, source_table, target_table, statements, last_event)
				SELECT * FROM unnest(:dates::date[], :sources::text[], :targets::text[], :statements::bigint[],
				    :lasts::timestamptz[])
				ON CONFLICT (source_table, business_date, target_table) DO UPDATE SET
				    statements = table_lineage_daily.statements + EXCLUDED.statements,
				    last_event = greatest(table_lineage_daily.last_event, EXCLUDED.last_event)""")
			.param("dates", new SqlArrayValue("date", keys.stream().map(link -> Date.valueOf(link.date())).toArray()))
			.param("sources", new SqlArrayValue("text", keys.stream().map(Link::source).toArray()))
			.param("targets", new SqlArrayValue("text", keys.stream().map(Link::target).toArray()))
			.param("statements", new SqlArrayValue("bigint",
					keys.stream().map(link -> (long) links.get(link).statements.size()).toArray()))
			.param("lasts", new SqlArrayValue("timestamptz",
					keys.stream().map(link -> Timestamp.from(links.get(link).last)).toArray()))
			.update();
	}

	/** The facts summed per {@code usage_daily} row, as that table counts them. */
	private static CopyRows.Text rows(List<UsageFact> facts) {
		Map<Row, Counts> rows = new LinkedHashMap<>();
		for (UsageFact fact : facts) {
			rows.computeIfAbsent(new Row(fact.businessDate(), fact.tableName(), fact.userName(), fact.role(),
					fact.sourceKind(), fact.sourceId()), row -> new Counts()).add(fact);
		}
		CopyRows.Text text = new CopyRows.Text(rows.size());
		rows.forEach((row, counts) -> text.value(row.date())
			.value(row.table())
			.value(row.user())
			.value(row.role())
			.value(row.sourceKind())
			.value(row.sourceId())
			.value(counts.statements.size())
			.value(counts.timeTravelStatements.size())
			.value(counts.first)
			.value(counts.last)
			.value(counts.lineageOnly.size())
			.endRow());
		return text;
	}

	private record Link(LocalDate date, String source, String target) {
	}

	private record Row(LocalDate date, String table, String user, String role, String sourceKind, String sourceId) {
	}

	/** Distinct statements, as {@code count(DISTINCT statement_id)} counts them, and the first and last event. */
	private static final class Counts {

		final Set<String> statements = new HashSet<>();

		final Set<String> timeTravelStatements = new HashSet<>();

		final Set<String> lineageOnly = new HashSet<>();

		Instant first;

		Instant last;

		void add(UsageFact fact) {
			statements.add(fact.statementId());
			if (fact.timeTravelKind() != null) {
				timeTravelStatements.add(fact.statementId());
			}
			if (fact.lineageOnly()) {
				lineageOnly.add(fact.statementId());
			}
			if (first == null || fact.eventTime().isBefore(first)) {
				first = fact.eventTime();
			}
			if (last == null || fact.eventTime().isAfter(last)) {
				last = fact.eventTime();
			}
		}

	}

}
