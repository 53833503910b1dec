package io.lakegov.usage;

import java.sql.Date;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

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

	/** The sets of the chosen statements, added ({@code :sign} 1) or taken off (-1). */
	private static final String SETS = """
			sets AS (
			    SELECT a.business_date, min(a.user_name) AS user_name, min(a.source_kind) AS source_kind,
			           array_agg(DISTINCT a.table_name ORDER BY a.table_name) AS views
			    FROM chosen c
			    JOIN table_access a ON a.source = c.source AND a.statement_id = c.statement_id AND a.role = 'READ'
			    JOIN view_name n ON n.table_name = a.table_name
			    GROUP BY a.source, a.statement_id, a.business_date
			    HAVING count(DISTINCT a.table_name) > 1)
			INSERT INTO view_read_set_daily AS s (business_date, user_name, source_kind, views, statements)
			SELECT business_date, user_name, source_kind, views, :sign * count(*) FROM sets
			GROUP BY business_date, user_name, source_kind, views
			ON CONFLICT (business_date, user_name, source_kind, views)
			DO UPDATE SET statements = s.statements + EXCLUDED.statements""";

	/**
	 * Adds sets counted in memory: statement {@code n} (from 1) of {@code :dates}, {@code :users} and
	 * {@code :kinds} read the {@code :names} numbered {@code n} in {@code :numbers}; the set is ordered here,
	 * as {@link #SETS} orders it.
	 */
	private static final String ADD = """
			WITH statement AS (
			    SELECT * FROM unnest(CAST(:dates AS date[]), CAST(:users AS text[]), CAST(:kinds AS text[]))
			        WITH ORDINALITY AS s(business_date, user_name, source_kind, n)),
			sets AS (
			    SELECT n, array_agg(DISTINCT name ORDER BY name) AS views
			    FROM unnest(CAST(:numbers AS bigint[]), CAST(:names AS text[])) AS v(n, name)
			    GROUP BY n)
			INSERT INTO view_read_set_daily AS s (business_date, user_name, source_kind, views, statements)
			SELECT t.business_date, t.user_name, t.source_kind, v.views, count(*)
			FROM statement t JOIN sets v ON v.n = t.n
			GROUP BY t.business_date, t.user_name, t.source_kind, v.views
			ON CONFLICT (business_date, user_name, source_kind, views)
			DO UPDATE SET statements = s.statements + EXCLUDED.statements""";

	/** The given statements of a source. */
	private static final String BATCH = """
			WITH chosen AS (
			    SELECT CAST(:source AS text) AS source, unnest(CAST(:ids AS text[])) AS statement_id),
			""" + SETS;

	/** The statements that read one of the names, but the excluded ones of a source. */
	private static final String READERS = """
			WITH chosen AS (
			    SELECT DISTINCT r.source, r.statement_id FROM table_access r
			    WHERE r.table_name = ANY(CAST(:names AS text[])) AND r.role = 'READ'
			      AND NOT (r.source = CAST(:source AS text) AND r.statement_id = ANY(CAST(:ids AS text[])))),
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
		Set<String> views = views(reads.stream().map(UsageFact::tableName).collect(Collectors.toSet()));
		// a statement's facts share its user and query source: its first read of a view stands for its set
		Map<SetKey, UsageFact> firsts = new LinkedHashMap<>();
		Map<SetKey, Set<String>> sets = new HashMap<>();
		for (UsageFact fact : reads) {
			if (views.contains(fact.tableName())) {
				SetKey key = new SetKey(fact.statementId(), fact.businessDate());
				firsts.putIfAbsent(key, fact);
				sets.computeIfAbsent(key, k -> new HashSet<>()).add(fact.tableName());
			}
		}
		SetRows rows = new SetRows();
		firsts.forEach((key, first) -> rows.add(first, sets.get(key)));
		rows.write(jdbc);
	}

	/** The names among these that are views (in {@code view_name}). */
	private Set<String> views(Set<String> names) {
		if (names.isEmpty()) {
			return Set.of();
		}
		return new HashSet<>(jdbc.sql("SELECT table_name FROM view_name WHERE table_name = ANY(CAST(:names AS text[]))")
			.param("names", new SqlArrayValue("text", names.toArray()))
			.query(String.class)
			.list());
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

	/** The sets of two or more views of statements, as the parameters of {@link #ADD}. */
	private static final class SetRows {

		private final List<Date> dates = new ArrayList<>();

		private final List<String> users = new ArrayList<>();

		private final List<String> kinds = new ArrayList<>();

		private final List<Long> numbers = new ArrayList<>();

		private final List<String> names = new ArrayList<>();

		void add(UsageFact statement, Set<String> views) {
			if (views.size() < 2) {
				return;
			}
			dates.add(Date.valueOf(statement.businessDate()));
			users.add(statement.userName());
			kinds.add(statement.sourceKind());
			views.forEach(view -> {
				numbers.add((long) dates.size());
				names.add(view);
			});
		}

		void write(JdbcClient jdbc) {
			if (dates.isEmpty()) {
				return;
			}
			jdbc.sql(ADD)
				.param("dates", new SqlArrayValue("date", dates.toArray()))
				.param("users", new SqlArrayValue("text", users.toArray()))
				.param("kinds", new SqlArrayValue("text", kinds.toArray()))
				.param("numbers", new SqlArrayValue("bigint", numbers.toArray()))
				.param("names", new SqlArrayValue("text", names.toArray()))
				.update();
		}

	}

	/** A statement's reads on one business day. */
	private record SetKey(String statementId, LocalDate date) {
	}

}
