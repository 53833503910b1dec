package io.lakegov.views;

import java.time.LocalDate;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import io.lakegov.usage.GenerationCache;

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
 */
@Repository
public class ViewOverlaps {

	private final JdbcClient jdbc;

	private final GenerationCache cache;

	ViewOverlaps(JdbcClient jdbc, GenerationCache cache) {
		this.jdbc = jdbc;
		this.cache = cache;
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
		return cache.get(List.of("view-overlaps", shared), () -> query(shared), List::size);
	}

	private List<Overlap> query(List<Entry> shared) {
		return jdbc.sql("""
				WITH reach AS (
				    SELECT r.base, r.table_name, CAST(r.from_date AS date) AS from_date, CAST(r.to_date AS date) AS to_date
				    FROM unnest(CAST(:bases AS text[]), CAST(:tables AS text[]), CAST(:froms AS text[]),
				                CAST(:tos AS text[])) AS r (base, table_name, from_date, to_date)),
				hits AS (
				    SELECT r.base, s.user_name, s.source_kind, s.statements * (count(DISTINCT r.table_name) - 1) AS extra
				    FROM view_read_set_daily s
				    CROSS JOIN LATERAL unnest(s.views) AS v (view)
				    JOIN reach r ON r.table_name = v.view AND s.business_date BETWEEN r.from_date AND r.to_date
				    WHERE s.business_date BETWEEN (SELECT min(from_date) FROM reach) AND (SELECT max(to_date) FROM reach)
				    GROUP BY r.base, s.business_date, s.user_name, s.source_kind, s.views, s.statements
				    HAVING count(DISTINCT r.table_name) > 1)
				SELECT base, user_name, source_kind, sum(extra)
				FROM hits
				GROUP BY base, user_name, source_kind""")
			.param("bases", new SqlArrayValue("text", shared.stream().map(Entry::base).toArray(String[]::new)))
			.param("tables", new SqlArrayValue("text", shared.stream().map(Entry::table).toArray(String[]::new)))
			.param("froms", new SqlArrayValue("text", shared.stream().map(e -> e.from().toString()).toArray(String[]::new)))
			.param("tos", new SqlArrayValue("text", shared.stream().map(e -> e.to().toString()).toArray(String[]::new)))
			.query((rs, n) -> new Overlap(rs.getString(1), rs.getString(2), rs.getString(3), rs.getLong(4)))
			.list();
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
