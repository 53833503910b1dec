package io.lakegov.views;

import java.time.LocalDate;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import io.lakegov.usage.GenerationCache;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;
import org.springframework.stereotype.Repository;

/**
 * Statements that read several views reaching one base table, on days they all reached it: the rollups count
 * such a statement once per view read, the answers once per base table, so they take the extra counts off.
 * Only base tables reached through two views or more can have any; for the others nothing is read. They
 * come from {@code view_read_set_daily} (per day, user and query source kind, the statements that read one
 * set of two or more views, kept at ingest whatever the view graph is): a statement whose set holds k of
 * the views reaching a table on that day counts k - 1 extra. The overlaps of one set of views are the
 * same for every answer that asks at one store generation (each user's tables, the rankings), so they are
 * computed once per generation and reused. Shared by the usage answers (readers, rankings, what one user used)
 * and the impact report, which all count such a statement once.
 * <p>
 * Only a set holding two views that reach one base table can count anything, so the sets are looked up by
 * those pairs of views ({@code view_read_set_daily_views}, an index of the sets by the views they hold): a
 * few index probes and the few sets found instead of every set of the window. Past {@link #MAX_PAIRS} pairs
 * (a table with dozens of views on it) probing would cost more than reading the window's sets, which are
 * then read as a whole. Both ways the same sets are counted alike. The sets of the pairs are found first and
 * their days told after ({@code MATERIALIZED}): a prepared statement's generic plan, not knowing the days,
 * would otherwise take the window's sets by their primary key and test every pair against each.
 */
@Repository
public class ViewOverlaps {

	/** The most pairs of views looked up one by one. */
	static final int MAX_PAIRS = 500;

	private final JdbcClient jdbc;

	private final GenerationCache cache;

	private final int maxPairs;

	@Autowired
	ViewOverlaps(JdbcClient jdbc, GenerationCache cache) {
		this(jdbc, cache, MAX_PAIRS);
	}

	ViewOverlaps(JdbcClient jdbc, GenerationCache cache, int maxPairs) {
		this.jdbc = jdbc;
		this.cache = cache;
		this.maxPairs = maxPairs;
	}

	/** A view that reaches a base table from one day to another (the base itself when it is no view). */
	public record Entry(String base, String table, LocalDate from, LocalDate to) {
	}

	/** The extra counts per base table, user and query source kind of the statements. */
	public record Overlap(String base, String user, String sourceKind, long extra) {
	}

	/** The overlaps of the entries' views, per base table, user and query source kind. */
	public List<Overlap> overlaps(List<Entry> entries) {
		Map<String, Set<String>> viewsByBase = new HashMap<>();
		entries.forEach(entry -> viewsByBase.computeIfAbsent(entry.base(), base -> new HashSet<>())
			.add(entry.table()));
		List<Entry> shared = entries.stream()
			.filter(entry -> !entry.base().equals(entry.table()) && viewsByBase.get(entry.base()).stream()
				.filter(view -> !view.equals(entry.base())).count() > 1)
			.toList();
		if (shared.isEmpty()) {
			return List.of();
		}
		return cache.get(List.of("view-overlaps", shared), () -> counted(shared), List::size);
	}

	/** The overlaps of the given views (two or more per base table, none the base itself), not reused. */
	List<Overlap> counted(List<Entry> shared) {
		Map<String, List<Entry>> byView = shared.stream().collect(Collectors.groupingBy(Entry::table));
		LocalDate from = shared.stream().map(Entry::from).min(LocalDate::compareTo).orElseThrow();
		LocalDate to = shared.stream().map(Entry::to).max(LocalDate::compareTo).orElseThrow();
		Set<List<String>> pairs = pairs(shared);
		JdbcClient.StatementSpec sets = pairs.size() > maxPairs ? jdbc.sql("""
				SELECT business_date, user_name, source_kind, views, statements FROM view_read_set_daily
				WHERE business_date BETWEEN :from AND :to""") : jdbc.sql("""
				WITH found AS MATERIALIZED (
				    SELECT s.business_date, s.user_name, s.source_kind, s.views, s.statements
				    FROM unnest(CAST(:firsts AS text[]), CAST(:seconds AS text[])) AS p (first, second)
				    JOIN view_read_set_daily s ON s.views @> ARRAY[p.first, p.second])
				SELECT DISTINCT business_date, user_name, source_kind, views, statements FROM found
				WHERE business_date BETWEEN :from AND :to""")
			.param("firsts", new SqlArrayValue("text", pairs.stream().map(pair -> pair.get(0)).toArray()))
			.param("seconds", new SqlArrayValue("text", pairs.stream().map(pair -> pair.get(1)).toArray()));
		Map<Overlap, Long> extra = new HashMap<>();
		sets.param("from", from).param("to", to).query(rs -> {
			LocalDate day = rs.getObject(1, LocalDate.class);
			String user = rs.getString(2);
			String kind = rs.getString(3);
			long statements = rs.getLong(5);
			Map<String, Set<String>> reached = new HashMap<>();
			for (Object view : (Object[]) rs.getArray(4).getArray()) {
				for (Entry entry : byView.getOrDefault((String) view, List.of())) {
					if (!day.isBefore(entry.from()) && !day.isAfter(entry.to())) {
						reached.computeIfAbsent(entry.base(), base -> new HashSet<>()).add(entry.table());
					}
				}
			}
			reached.forEach((base, views) -> {
				if (views.size() > 1) {
					extra.merge(new Overlap(base, user, kind, 0), statements * (views.size() - 1), Long::sum);
				}
			});
		});
		return extra.entrySet()
			.stream()
			.map(found -> new Overlap(found.getKey().base(), found.getKey().user(), found.getKey().sourceKind(),
					found.getValue()))
			.toList();
	}

	/** Every two views reaching one base table, in name order (as the sets hold them). */
	private static Set<List<String>> pairs(List<Entry> shared) {
		Map<String, TreeSet<String>> viewsByBase = new HashMap<>();
		shared.forEach(entry -> viewsByBase.computeIfAbsent(entry.base(), base -> new TreeSet<>()).add(entry.table()));
		Set<List<String>> pairs = new LinkedHashSet<>();
		viewsByBase.values().forEach(views -> {
			List<String> sorted = List.copyOf(views);
			for (int i = 0; i < sorted.size(); i++) {
				for (int j = i + 1; j < sorted.size(); j++) {
					pairs.add(List.of(sorted.get(i), sorted.get(j)));
				}
			}
		});
		return pairs;
	}

	/** The extra counts per base table. */
	public static Map<String, Long> byBase(List<Overlap> overlaps) {
		return overlaps.stream().collect(Collectors.groupingBy(Overlap::base, Collectors.summingLong(Overlap::extra)));
	}

	/** The extra counts per user. */
	public static Map<String, Long> byUser(List<Overlap> overlaps) {
		return overlaps.stream().collect(Collectors.groupingBy(Overlap::user, Collectors.summingLong(Overlap::extra)));
	}

}
