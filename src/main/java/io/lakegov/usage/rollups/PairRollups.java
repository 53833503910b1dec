package io.lakegov.usage.rollups;

import java.util.Collection;

import io.lakegov.usage.DetailHorizon;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;
import org.springframework.stereotype.Repository;

/**
 * Rebuilds every daily rollup of a set of (day, table) pairs from the facts those pairs hold now: the rows
 * of the pairs are deleted and aggregated anew, and the rows keyed by day and user, or by table alone, that
 * they feed are rebuilt after them. A rollup row of a pair depends only on the facts of that pair and of the
 * statements that have a fact there, so rebuilding every pair that gained or lost a fact keeps each rollup
 * exactly equal to the facts, whatever changed and in whatever order.
 * <p>
 * The rebuilds reach those statements' other rows (their history row, their other facts) by key, statement
 * by statement, through {@code LATERAL} subqueries that PostgreSQL cannot flatten ({@code LIMIT 1} on a
 * primary key, {@code OFFSET 0}): a rebuild's work then follows the size of its pairs, not of the store.
 * Written as plain joins, the planner hashed every history row, read or write of the store for each chunk
 * of pairs, which a first load pays again with every catch-up beside it.
 */
@Repository
public class PairRollups {

	private final JdbcClient jdbc;

	private final DerivedRollups derived;

	private final CostRollups costs;

	private final CoReadRollups coReads;

	private final QueryRollups queries;

	private final ColumnImpactRollups columnImpact;

	private final RollupClock clock;

	private final DetailHorizon horizon;

	PairRollups(JdbcClient jdbc, DerivedRollups derived, CostRollups costs, CoReadRollups coReads,
			QueryRollups queries, ColumnImpactRollups columnImpact, RollupClock clock, DetailHorizon horizon) {
		this.horizon = horizon;
		this.jdbc = jdbc;
		this.derived = derived;
		this.costs = costs;
		this.coReads = coReads;
		this.queries = queries;
		this.columnImpact = columnImpact;
		this.clock = clock;
	}

	/**
	 * Rebuilds the pairs' rows of every rollup; in the caller's transaction. Pairs of closed business days
	 * (detail retention) are left as they are: their facts left the store, and their rows stay what the
	 * facts made them.
	 */
	public void rebuild(Collection<DayTable> changed) {
		Collection<DayTable> open = horizon.openDays(changed, DayTable::date);
		if (open.isEmpty()) {
			return;
		}
		DayTablePairs pairs = DayTablePairs.stage(jdbc, open);
		clock.time("usage_daily", () -> {
			usageDaily(pairs);
			derived.rebuild(pairs);
		});
		clock.time("table_daily", () -> derived.rebuildTableDaily(pairs));
		clock.time("table_lineage_daily", () -> lineage(pairs));
		clock.time("cost", () -> costs.rebuild(pairs));
		clock.time("co_read_daily", () -> coReads.rebuild(pairs));
		clock.time("table_query_daily", () -> queries.rebuild(pairs));
		clock.time("column_daily", () -> columnDaily(pairs));
		clock.time("column_impact", () -> columnImpact.rebuild(pairs));
		clock.time("table_summary", () -> summaries(pairs.tables()));
	}

	private void usageDaily(DayTablePairs pairs) {
		pairs.delete(jdbc, "usage_daily", "table_name");
		jdbc.sql("""
				INSERT INTO usage_daily (business_date, table_name, user_name, role, source_kind, source_id,
				    statements, time_travel_statements, first_event, last_event, lineage_only_statements)
				SELECT f.business_date, f.table_name, f.user_name, f.role, f.source_kind, f.source_id,
				       count(DISTINCT (f.source, f.statement_id)),
				       count(DISTINCT (f.source, f.statement_id)) FILTER (WHERE f.time_travel_kind IS NOT NULL),
				       min(f.event_time), max(f.event_time),
				       count(DISTINCT (f.source, f.statement_id)) FILTER (WHERE f.witness = 'ENGINE_LINEAGE')
				FROM rollup_pair t
				JOIN table_access f ON f.table_name = t.table_name AND f.business_date = t.business_date
				GROUP BY f.business_date, f.table_name, f.user_name, f.role, f.source_kind, f.source_id""")
			.update();
	}

	/**
	 * A lineage row (day, A, B) counts the statements that read A and wrote B on that day; it is the row of
	 * the pair (day, A), and every fact of such a statement makes (day, A) a pair to rebuild.
	 */
	private void lineage(DayTablePairs pairs) {
		pairs.delete(jdbc, "table_lineage_daily", "source_table");
		jdbc.sql("""
				INSERT INTO table_lineage_daily (business_date, source_table, target_table, statements, last_event)
				SELECT r.business_date, r.table_name, w.table_name, count(DISTINCT (r.source, r.statement_id)),
				       max(r.event_time)
				FROM rollup_pair t
				JOIN table_access r ON r.table_name = t.table_name AND r.business_date = t.business_date
				    AND r.role = 'READ'
				CROSS JOIN LATERAL (
				    SELECT w.table_name FROM table_access w
				    WHERE w.source = r.source AND w.statement_id = r.statement_id AND w.role = 'WRITE'
				        AND w.table_name <> r.table_name
				    OFFSET 0) w
				GROUP BY r.business_date, r.table_name, w.table_name""")
			.update();
	}

	/**
	 * A statement has at most one column fact per table, column, role and resolution, so counting facts counts
	 * statements (of every source: the facts are keyed on the source too).
	 */
	private void columnDaily(DayTablePairs pairs) {
		pairs.delete(jdbc, "column_daily", "table_name");
		jdbc.sql("""
				INSERT INTO column_daily (table_name, business_date, column_name, role, resolution, user_name,
				    statements, first_event, last_event)
				SELECT f.table_name, f.business_date, f.column_name, f.role, f.resolution, f.user_name, count(*),
				       min(f.event_time), max(f.event_time)
				FROM rollup_pair t
				JOIN column_access f ON f.table_name = t.table_name AND f.business_date = t.business_date
				GROUP BY f.table_name, f.business_date, f.column_name, f.role, f.resolution, f.user_name""")
			.update();
	}

	/** Summaries are derived from table_daily, which is already rebuilt for the pairs' tables. */
	private void summaries(String[] tableNames) {
		jdbc.sql("DELETE FROM table_summary WHERE table_name = ANY(:tables)")
			.param("tables", new SqlArrayValue("text", (Object[]) tableNames))
			.update();
		jdbc.sql("""
				INSERT INTO table_summary (table_name, first_date, last_date, reads, writes, last_read, last_write,
				    last_read_date, last_write_date)
				SELECT table_name, min(business_date), max(business_date), sum(reads), sum(writes), max(last_read),
				       max(last_write), max(business_date) FILTER (WHERE reads > 0),
				       max(business_date) FILTER (WHERE writes > 0)
				FROM table_daily
				WHERE table_name = ANY(:tables)
				GROUP BY table_name""")
			.param("tables", new SqlArrayValue("text", (Object[]) tableNames))
			.update();
	}

}
