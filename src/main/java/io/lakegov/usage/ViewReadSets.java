package io.lakegov.usage;

import java.sql.Date;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import io.lakegov.catalog.ViewsListed;

import org.springframework.context.event.EventListener;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

/**
 * Keeps {@code view_read_set_daily} equal to the facts: per day, user and query source kind, how many
 * statements read exactly this set of two or more of the names in {@code view_name}. Those are every name
 * that is or was a view somewhere: what view statements in the facts define or rename, and every view of
 * the inventory. They only grow, so they hold every view of any version of the view graph, and the
 * statements that read two views reaching one table can be told from this small rollup whatever the graph
 * says when answering. A statement's set is taken off before its facts are replaced and added after; a
 * name that becomes a view moves the statements that read it to their new sets. Both hold one lock, so a
 * catalog sync and an ingestion batch never move one statement at once.
 */
@Repository
public class ViewReadSets {

	/** Statement kinds whose written tables are views they define. */
	static final Set<String> DEFINING = Set.of("CREATE_VIEW", "CREATE_MATERIALIZED_VIEW", "CREATE_METRIC_VIEW",
			"ALTER_VIEW");

	private static final long LOCK = 0x6c616b65766965L;

	/** The sets of the statements whose reads are {@code reads}, added ({@code :sign} 1) or taken off (-1). */
	private static final String SETS = """
			sets AS (
			    SELECT a.business_date, min(a.user_name) AS user_name, min(a.source_kind) AS source_kind,
			           array_agg(DISTINCT a.table_name ORDER BY a.table_name) AS views
			    FROM reads a
			    JOIN view_name n ON n.table_name = a.table_name
			    GROUP BY a.source, a.statement_id, a.business_date
			    HAVING count(DISTINCT a.table_name) > 1)
			INSERT INTO view_read_set_daily AS s (business_date, user_name, source_kind, views, statements)
			SELECT business_date, user_name, source_kind, views, :sign * count(*) FROM sets
			GROUP BY business_date, user_name, source_kind, views
			ON CONFLICT (business_date, user_name, source_kind, views)
			DO UPDATE SET statements = s.statements + EXCLUDED.statements""";

	/** The stored reads of the given statements of a source. */
	private static final String BATCH = """
			WITH reads AS (
			    SELECT a.source, a.statement_id, a.table_name, a.business_date, a.user_name, a.source_kind
			    FROM unnest(CAST(:ids AS text[])) AS c(statement_id)
			    JOIN table_access a ON a.source = CAST(:source AS text) AND a.statement_id = c.statement_id
			        AND a.role = 'READ'),
			""" + SETS;

	/** The stored reads of the statements that read one of the names, but the excluded ones of a source. */
	private static final String READERS = """
			WITH chosen AS (
			    SELECT DISTINCT r.source, r.statement_id FROM table_access r
			    WHERE r.table_name = ANY(CAST(:names AS text[])) AND r.role = 'READ'
			      AND NOT (r.source = CAST(:source AS text) AND r.statement_id = ANY(CAST(:ids AS text[])))),
			reads AS (
			    SELECT a.source, a.statement_id, a.table_name, a.business_date, a.user_name, a.source_kind
			    FROM chosen c
			    JOIN table_access a ON a.source = c.source AND a.statement_id = c.statement_id AND a.role = 'READ'),
			""" + SETS;

	/** Reads given as arrays (a batch's own facts, which it has just written), of one source. */
	private static final String GIVEN = """
			WITH reads AS (
			    SELECT CAST(:source AS text) AS source, r.*
			    FROM unnest(CAST(:ids AS text[]), CAST(:tables AS text[]), CAST(:dates AS date[]),
			        CAST(:users AS text[]), CAST(:kinds AS text[]))
			        AS r(statement_id, table_name, business_date, user_name, source_kind)),
			""" + SETS;

	private final JdbcClient jdbc;

	ViewReadSets(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/** Takes the sets of the given statements off, before their facts are replaced. */
	void remove(String source, Collection<String> statementIds) {
		lock();
		if (!statementIds.isEmpty() && adjust(-1, source, statementIds) > 0) {
			jdbc.sql("DELETE FROM view_read_set_daily WHERE statements = 0").update();
		}
	}

	/**
	 * Adds the sets of the given statements, whose new facts are written: the given facts are all the facts
	 * those statements have now (with those of statements that had none), so their sets are counted from
	 * them rather than read back from the store.
	 */
	void add(String source, Collection<String> statementIds, List<UsageFact> facts) {
		lock();
		addNames(viewNames(facts), source, statementIds);
		Set<String> written = Set.copyOf(statementIds);
		List<UsageFact> reads = facts.stream()
			.filter(fact -> "READ".equals(fact.role()) && written.contains(fact.statementId()))
			.toList();
		if (reads.isEmpty()) {
			return;
		}
		jdbc.sql(GIVEN)
			.param("sign", 1)
			.param("source", source)
			.param("ids", new SqlArrayValue("text", reads.stream().map(UsageFact::statementId).toArray()))
			.param("tables", new SqlArrayValue("text", reads.stream().map(UsageFact::tableName).toArray()))
			.param("dates", new SqlArrayValue("date", reads.stream().map(fact -> Date.valueOf(fact.businessDate())).toArray()))
			.param("users", new SqlArrayValue("text", reads.stream().map(UsageFact::userName).toArray()))
			.param("kinds", new SqlArrayValue("text", reads.stream().map(UsageFact::sourceKind).toArray()))
			.update();
	}

	/** Names the catalog's view inventory holds: views from now on, with the statements that read them moved. */
	@Transactional(propagation = Propagation.MANDATORY)
	public void addViews(Collection<String> names) {
		if (!fresh(names).isEmpty()) {
			lock();
			addNames(names, "", List.of());
		}
	}

	/** The views a catalog sync found, inside its transaction. */
	@EventListener
	@Transactional(propagation = Propagation.MANDATORY)
	public void viewsListed(ViewsListed event) {
		addViews(event.names());
	}

	/**
	 * Adds the names not yet known, moving the statements that read them (but the excluded ones of a
	 * source, whose sets the caller adds) from their old sets to their new ones.
	 */
	private void addNames(Collection<String> names, String source, Collection<String> excluded) {
		List<String> fresh = fresh(names);
		if (fresh.isEmpty()) {
			return;
		}
		adjustReaders(-1, fresh, source, excluded);
		jdbc.sql("INSERT INTO view_name (table_name) SELECT unnest(CAST(:names AS text[])) ON CONFLICT DO NOTHING")
			.param("names", new SqlArrayValue("text", fresh.toArray()))
			.update();
		adjustReaders(1, fresh, source, excluded);
		jdbc.sql("DELETE FROM view_read_set_daily WHERE statements = 0").update();
	}

	private List<String> fresh(Collection<String> names) {
		if (names.isEmpty()) {
			return List.of();
		}
		return jdbc.sql("""
				SELECT n FROM unnest(CAST(:names AS text[])) AS n
				WHERE NOT EXISTS (SELECT 1 FROM view_name v WHERE v.table_name = n) ORDER BY n""")
			.param("names", new SqlArrayValue("text", new TreeSet<>(names).toArray()))
			.query(String.class)
			.list();
	}

	private int adjust(int sign, String source, Collection<String> ids) {
		return jdbc.sql(BATCH)
			.param("sign", sign)
			.param("source", source)
			.param("ids", new SqlArrayValue("text", ids.toArray()))
			.update();
	}

	private void adjustReaders(int sign, List<String> names, String source, Collection<String> ids) {
		jdbc.sql(READERS)
			.param("sign", sign)
			.param("names", new SqlArrayValue("text", names.toArray()))
			.param("source", source)
			.param("ids", new SqlArrayValue("text", ids.toArray()))
			.update();
	}

	private void lock() {
		jdbc.sql("SELECT pg_advisory_xact_lock(:lock)").param("lock", LOCK).query(Object.class).single();
	}

	/**
	 * The names the facts' view statements make views: what CREATE / ALTER VIEW statements write, and both
	 * names of a rename (an ALTER TABLE with two accesses; renames of plain tables too, which only adds names).
	 */
	static Set<String> viewNames(List<UsageFact> facts) {
		Set<String> renames = new HashSet<>();
		facts.forEach(fact -> {
			if ("ALTER_TABLE".equals(fact.statementKind()) && fact.accessNo() == 1) {
				renames.add(fact.statementId());
			}
		});
		Set<String> names = new TreeSet<>();
		facts.forEach(fact -> {
			if ("WRITE".equals(fact.role()) && fact.statementKind() != null && (DEFINING.contains(fact.statementKind())
					|| "ALTER_TABLE".equals(fact.statementKind()) && renames.contains(fact.statementId()))) {
				names.add(fact.tableName());
			}
		});
		return names;
	}

}
