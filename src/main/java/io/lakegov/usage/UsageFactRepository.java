package io.lakegov.usage;

import java.sql.Date;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import io.lakegov.store.CopyRows;
import io.lakegov.usage.rollups.CoReadRollups;
import io.lakegov.usage.rollups.CostRollups;
import io.lakegov.usage.rollups.DayTablePairs;
import io.lakegov.usage.rollups.DerivedRollups;
import io.lakegov.usage.rollups.QueryRollups;
import io.lakegov.usage.rollups.RollupDelta;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

/**
 * Writes usage facts and keeps the daily rollups exactly equal to them. Facts are replaced per
 * statement (a statement's facts change when its row or its analysis changes). A (day, table) pair that
 * lost a fact has its rollup rows rebuilt from the facts in the same transaction; the facts of a pair that
 * only gained are added to its rollup rows as they are.
 */
@Repository
public class UsageFactRepository {

	private final JdbcClient jdbc;

	private final CopyRows copy;

	private final DerivedRollups derived;

	private final RollupDelta delta;

	private final CostRollups costs;

	private final CoReadRollups coReads;

	private final QueryRollups queries;

	private final ViewReadSets viewSets;

	UsageFactRepository(JdbcClient jdbc, CopyRows copy, DerivedRollups derived, RollupDelta delta, CostRollups costs,
			CoReadRollups coReads, QueryRollups queries, ViewReadSets viewSets) {
		this.jdbc = jdbc;
		this.copy = copy;
		this.derived = derived;
		this.delta = delta;
		this.costs = costs;
		this.coReads = coReads;
		this.queries = queries;
		this.viewSets = viewSets;
	}

	/**
	 * Replaces the facts of the given statements with the given facts, which belong to those statements or
	 * to statements that have no facts yet (all facts of one statement share its user and query source),
	 * and updates the rollups they touch. The statements and facts are those of one source of query history
	 * (statement ids are unique only within a source). Runs in the caller's transaction.
	 */
	@Transactional(propagation = Propagation.MANDATORY)
	public void replace(String source, Collection<String> statementIds, List<UsageFact> facts) {
		if (statementIds.isEmpty() && facts.isEmpty()) {
			return;
		}
		String[] ids = statementIds.toArray(String[]::new);
		viewSets.remove(source, statementIds);
		List<Access> removed = ids.length == 0 ? List.of() : jdbc.sql("""
				DELETE FROM table_access WHERE source = :source AND statement_id = ANY(:ids)
				RETURNING statement_id, table_name, business_date, role""")
			.param("source", source)
			.param("ids", array("text", ids))
			.query((rs, n) -> new Access(rs.getString(1), new DayTable(rs.getString(2),
					Date.valueOf(rs.getObject(3, java.time.LocalDate.class))), rs.getString(4)))
			.list();
		insert(source, facts);
		Set<String> written = new LinkedHashSet<>(statementIds);
		facts.forEach(fact -> written.add(fact.statementId()));
		viewSets.add(source, written, facts);
		Set<DayTable> lost = new LinkedHashSet<>();
		removed.forEach(access -> lost.add(access.dayTable()));
		List<UsageFact> gained = new ArrayList<>(facts.size());
		Set<DayTable> touched = new LinkedHashSet<>(lost);
		facts.forEach(fact -> {
			DayTable pair = new DayTable(fact.tableName(), Date.valueOf(fact.businessDate()));
			touched.add(pair);
			if (!lost.contains(pair)) {
				gained.add(fact);
			}
		});
		rebuildRollups(lost);
		delta.add(gained);
		derived.rebuildTableDaily(pairs(touched));
		// lineage: the (day, source) pairs that lost a linking fact are rebuilt, the others gain the batch's links
		Set<DayTable> lineageLost = lineageSources(removed);
		rebuildLineage(lineageLost);
		delta.addLineage(facts,
				read -> lineageLost.contains(new DayTable(read.tableName(), Date.valueOf(read.businessDate()))));
		costs.update(source, pairs(lost), gained, pairs(touched));
		coReads.update(removed.stream()
			.map(access -> new CoReadRollups.Removed(access.statementId(), access.dayTable().table(),
					access.dayTable().date(), access.role()))
			.toList(), facts);
		queries.update(source, pairs(lost), gained);
		rebuildSummaries(touched.stream().map(DayTable::table).distinct().toArray(String[]::new));
		derived.nextGeneration();
	}

	/**
	 * The (day, table) pairs whose lineage rows lose a link with the given removed facts: those read by a
	 * statement that wrote. Lineage only links tables through writing statements; most statements only
	 * read, and their facts cannot change it.
	 */
	private static Set<DayTable> lineageSources(List<Access> accesses) {
		Set<String> writers = new HashSet<>();
		accesses.forEach(access -> {
			if ("WRITE".equals(access.role())) {
				writers.add(access.statementId());
			}
		});
		Set<DayTable> sources = new LinkedHashSet<>();
		accesses.forEach(access -> {
			if ("READ".equals(access.role()) && writers.contains(access.statementId())) {
				sources.add(access.dayTable());
			}
		});
		return sources;
	}

	private void insert(String source, List<UsageFact> facts) {
		if (facts.isEmpty()) {
			return;
		}
		CopyRows.Text rows = new CopyRows.Text(facts.size());
		for (UsageFact fact : facts) {
			rows.value(source)
				.value(fact.statementId())
				.value(fact.accessNo())
				.value(fact.tableName())
				.value(fact.writtenName())
				.value(fact.fullyQualified())
				.value(fact.role())
				.value(fact.statementKind())
				.value(fact.timeTravelKind())
				.value(fact.timeTravelValue())
				.value(fact.timeTravelSyntax())
				.value(fact.userName())
				.value(fact.eventTime())
				.value(fact.businessDate())
				.value(fact.sourceKind())
				.value(fact.sourceId())
				.value(fact.executionStatus())
				.value(fact.witness())
				.endRow();
		}
		copy.copy("""
				COPY table_access (source, statement_id, access_no, table_name, written_name, fully_qualified, role,
				    statement_kind, time_travel_kind, time_travel_value, time_travel_syntax, user_name, event_time,
				    business_date, source_kind, source_id, execution_status, witness) FROM STDIN""", rows);
	}

	private static DayTablePairs pairs(Set<DayTable> pairs) {
		return new DayTablePairs(pairs.stream().map(DayTable::table).toList(),
				pairs.stream().map(DayTable::date).toList());
	}

	/** Rebuilds the rollup rows of (day, table) pairs that lost facts, from the facts they have left. */
	private void rebuildRollups(Set<DayTable> lost) {
		if (lost.isEmpty()) {
			return;
		}
		DayTablePairs pairs = pairs(lost);
		pairs.delete(jdbc, "usage_daily", "table_name");
		pairs.bind(jdbc.sql("""
				INSERT INTO usage_daily (business_date, table_name, user_name, role, source_kind, source_id,
				    statements, time_travel_statements, first_event, last_event, lineage_only_statements)
				SELECT f.business_date, f.table_name, f.user_name, f.role, f.source_kind, f.source_id,
				       count(DISTINCT (f.source, f.statement_id)),
				       count(DISTINCT (f.source, f.statement_id)) FILTER (WHERE f.time_travel_kind IS NOT NULL),
				       min(f.event_time), max(f.event_time),
				       count(DISTINCT (f.source, f.statement_id)) FILTER (WHERE f.witness = 'ENGINE_LINEAGE')
				FROM unnest(:tables::text[], :dates::date[]) AS t(table_name, business_date)
				JOIN table_access f ON f.table_name = t.table_name AND f.business_date = t.business_date
				GROUP BY f.business_date, f.table_name, f.user_name, f.role, f.source_kind, f.source_id"""))
			.update();
		derived.rebuild(pairs);
	}

	/**
	 * A lineage row (day, A, B) only changes when a statement reading A and writing B on that day
	 * gains or loses facts, and then (day, A) is among the given pairs: rebuilding the rows of those
	 * (day, source) pairs keeps the rollup equal to the facts.
	 */
	private void rebuildLineage(Set<DayTable> sources) {
		if (sources.isEmpty()) {
			return;
		}
		DayTablePairs pairs = pairs(sources);
		pairs.delete(jdbc, "table_lineage_daily", "source_table");
		pairs.bind(jdbc.sql("""
				INSERT INTO table_lineage_daily (business_date, source_table, target_table, statements, last_event)
				SELECT r.business_date, r.table_name, w.table_name, count(DISTINCT (r.source, r.statement_id)),
				       max(r.event_time)
				FROM unnest(:tables::text[], :dates::date[]) AS t(table_name, business_date)
				JOIN table_access r ON r.table_name = t.table_name AND r.business_date = t.business_date
				    AND r.role = 'READ'
				JOIN table_access w ON w.source = r.source AND w.statement_id = r.statement_id AND w.role = 'WRITE'
				    AND w.table_name <> r.table_name
				GROUP BY r.business_date, r.table_name, w.table_name"""))
			.update();
	}

	/** Summaries are derived from table_daily, which is already rebuilt for the touched tables. */
	private void rebuildSummaries(String[] tableNames) {
		jdbc.sql("DELETE FROM table_summary WHERE table_name = ANY(:tables)")
			.param("tables", array("text", tableNames))
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
			.param("tables", array("text", tableNames))
			.update();
	}

	/** A Java array bound as one SQL array parameter (not expanded into a list of parameters). */
	static SqlArrayValue array(String sqlType, Object[] values) {
		return new SqlArrayValue(sqlType, values);
	}

	private record DayTable(String table, Date date) {
	}

	private record Access(String statementId, DayTable dayTable, String role) {
	}

}
