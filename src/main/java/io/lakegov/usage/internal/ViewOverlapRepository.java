package io.lakegov.usage.internal;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import io.lakegov.usage.GenerationCache;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import static io.lakegov.usage.internal.TableUsageRepository.array;

/**
 * Statements that read several views reaching one base table, on days they all reached it: the rollups count
 * such a statement once per view read, the answers once per base table, so they take the extra counts off.
 * Only base tables reached through two views or more can have any; for the others nothing is read. The
 * facts are read through the index of each table's days ({@code table_access_statements}), and only the
 * statements found more than once are looked up for their user. The overlaps of one set of views are the
 * same for every answer that asks at one store generation (each user's tables, the rankings), so they are
 * computed once per generation and reused.
 */
@Repository
class ViewOverlapRepository {

	private final JdbcClient jdbc;

	private final GenerationCache cache;

	ViewOverlapRepository(JdbcClient jdbc, GenerationCache cache) {
		this.jdbc = jdbc;
		this.cache = cache;
	}

	/** The extra counts per base table and user. */
	record Overlap(String base, String user, long extra) {
	}

	/** The overlaps of the entries' views, per base table and user. */
	List<Overlap> overlaps(List<IndirectRankingRepository.Entry> entries) {
		Map<String, Set<String>> viewsByBase = new HashMap<>();
		entries.forEach(entry -> viewsByBase.computeIfAbsent(entry.base(), base -> new HashSet<>())
			.add(entry.table()));
		List<IndirectRankingRepository.Entry> shared = entries.stream()
			.filter(entry -> !entry.base().equals(entry.table()) && viewsByBase.get(entry.base()).stream()
				.filter(view -> !view.equals(entry.base())).count() > 1)
			.toList();
		if (shared.isEmpty()) {
			return List.of();
		}
		return cache.get(List.of("view-overlaps", shared), () -> query(shared), List::size);
	}

	private List<Overlap> query(List<IndirectRankingRepository.Entry> shared) {
		return jdbc.sql("""
				WITH reach AS (
				    SELECT r.base, r.table_name, CAST(r.from_date AS date) AS from_date, CAST(r.to_date AS date) AS to_date
				    FROM unnest(CAST(:bases AS text[]), CAST(:tables AS text[]), CAST(:froms AS text[]),
				                CAST(:tos AS text[])) AS r (base, table_name, from_date, to_date)),
				hits AS (
				    SELECT r.base, a.source, a.statement_id, count(DISTINCT r.table_name) - 1 AS extra
				    FROM reach r
				    JOIN table_access a ON a.table_name = r.table_name AND a.role = 'READ'
				         AND a.business_date BETWEEN r.from_date AND r.to_date
				    GROUP BY r.base, a.source, a.statement_id
				    HAVING count(DISTINCT r.table_name) > 1)
				SELECT h.base, u.user_name, sum(h.extra)
				FROM hits h
				JOIN LATERAL (SELECT a.user_name FROM table_access a
				              WHERE a.source = h.source AND a.statement_id = h.statement_id LIMIT 1) u ON true
				GROUP BY h.base, u.user_name""")
			.param("bases", array("text", shared.stream().map(IndirectRankingRepository.Entry::base).toArray(String[]::new)))
			.param("tables", array("text", shared.stream().map(IndirectRankingRepository.Entry::table).toArray(String[]::new)))
			.param("froms", array("text", shared.stream().map(e -> e.from().toString()).toArray(String[]::new)))
			.param("tos", array("text", shared.stream().map(e -> e.to().toString()).toArray(String[]::new)))
			.query((rs, n) -> new Overlap(rs.getString(1), rs.getString(2), rs.getLong(3)))
			.list();
	}

	/** The extra counts per base table. */
	static Map<String, Long> byBase(List<Overlap> overlaps) {
		return overlaps.stream().collect(Collectors.groupingBy(Overlap::base, Collectors.summingLong(Overlap::extra)));
	}

	/** The extra counts per user. */
	static Map<String, Long> byUser(List<Overlap> overlaps) {
		return overlaps.stream().collect(Collectors.groupingBy(Overlap::user, Collectors.summingLong(Overlap::extra)));
	}

}
