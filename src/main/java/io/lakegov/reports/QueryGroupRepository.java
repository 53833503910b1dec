package io.lakegov.reports;

import java.math.BigDecimal;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.lakegov.usage.DateRange;
import io.lakegov.usage.PageRequest;
import io.lakegov.usage.QuerySource;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import static io.lakegov.reports.TableUsageRepository.instant;
import static io.lakegov.reports.TableUsageRepository.sources;
import static io.lakegov.reports.TableUsageRepository.strings;

/**
 * A table's statements grouped by fingerprint, from the rollup per day and shape
 * ({@code table_query_daily}): the window's rows are ranked on their exact figures, then only the page's
 * shapes' rows are read again, in the key's range of the window, for their runners (distinct users and
 * sources), their duration sketches (the 95th percentile, see {@link DurationSketch}) and their latest run
 * (the example, whose redacted text comes from its analysis).
 */
@Repository
public class QueryGroupRepository {

	static final int MAX_SOURCES = 20;

	private final JdbcClient jdbc;

	QueryGroupRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	List<Counted<QueryGroup>> groups(String table, DateRange range, QuerySort sort, PageRequest page) {
		Map<String, Shape> shapes = new LinkedHashMap<>();
		jdbc.sql("""
				WITH g AS MATERIALIZED (
				    SELECT fingerprint, sum(statements) AS statements, sum(timed) AS timed, min(first_run) AS first_run,
				           max(last_run) AS last_run, sum(total_duration_ms) AS total_duration, sum(read_bytes) AS read_bytes,
				           min(min_duration_ms) AS min_duration, max(max_duration_ms) AS max_duration,
				           count(*) OVER () AS total
				    FROM table_query_daily
				    WHERE table_name = :table AND business_date BETWEEN :from AND :to
				    GROUP BY fingerprint
				    ORDER BY CASE :sort WHEN 'statements' THEN sum(statements) WHEN 'duration' THEN sum(total_duration_ms)
				                        WHEN 'bytes' THEN sum(read_bytes) END DESC,
				             CASE WHEN :sort = 'lastRun' THEN max(last_run) END DESC NULLS LAST,
				             sum(statements) DESC, nullif(fingerprint, '') NULLS LAST
				    LIMIT :limit OFFSET :offset),
				-- only the page's shapes from here on: their rows in the window, found in the key's range of the
				-- window by the index alone (the shape is the key's last column)
				days AS MATERIALIZED (
				    SELECT q.fingerprint, q.last_run, q.example_source, q.example_statement_id, q.example_text_hash,
				           q.example_version, q.runners, q.duration_buckets, q.bucket_statements
				    FROM table_query_daily q
				    WHERE q.table_name = :table AND q.business_date BETWEEN :from AND :to
				        AND q.fingerprint = ANY (ARRAY(SELECT fingerprint FROM g)))
				-- each part per shape on rows of its own, put together by shape in the service: joins of the parts
				-- would be planned on estimates of a row or two and run once per shape
				SELECT 0 AS part, g.fingerprint, g.statements, g.timed, g.first_run, g.last_run, g.total_duration, g.read_bytes,
				       g.min_duration, g.max_duration, g.total, NULL::bigint AS users, NULL::text[] AS sources,
				       NULL::bigint AS source_count, NULL::text AS example, NULL::smallint[] AS buckets,
				       NULL::bigint[] AS bucket_statements, row_number() OVER () AS rank
				FROM g
				UNION ALL
				SELECT 1, d.fingerprint, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, count(DISTINCT r.user_name),
				       array_agg(DISTINCT r.source_kind || chr(31) || r.source_id ORDER BY r.source_kind || chr(31) || r.source_id),
				       count(DISTINCT (r.source_kind, r.source_id)), NULL, NULL, NULL, NULL
				FROM days d CROSS JOIN LATERAL unnest(d.runners) AS r
				GROUP BY d.fingerprint
				UNION ALL
				-- the example: the latest run's redacted text
				SELECT 2, e.fingerprint, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, a.redacted_sql,
				       NULL, NULL, NULL
				FROM (SELECT DISTINCT ON (fingerprint) fingerprint, example_text_hash, example_version
				      FROM days
				      ORDER BY fingerprint, last_run DESC, example_statement_id DESC, example_source DESC) e
				LEFT JOIN statement_analysis a ON a.text_hash = e.example_text_hash AND a.analyzer_version = e.example_version
				UNION ALL
				-- the days' duration sketches side by side, summed and ranked in the service
				SELECT 3, d.fingerprint, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
				       array_agg(x.bucket), array_agg(x.statements), NULL
				FROM days d CROSS JOIN LATERAL unnest(d.duration_buckets, d.bucket_statements) AS x(bucket, statements)
				GROUP BY d.fingerprint
				ORDER BY part, rank""")
			.param("table", table)
			.param("from", range.from())
			.param("to", range.to())
			.param("sort", sort.key)
			.param("limit", page.size())
			.param("offset", page.offset())
			.query(rs -> {
				int part = rs.getInt("part");
				if (part == 0) {
					shapes.put(rs.getString("fingerprint"), new Shape(rs));
					return;
				}
				Shape shape = shapes.get(rs.getString("fingerprint"));
				if (part == 1) {
					shape.runners(rs);
				}
				else if (part == 2) {
					shape.example = rs.getString("example");
				}
				else {
					shape.sketch.add((Short[]) rs.getArray("buckets").getArray(),
							(Long[]) rs.getArray("bucket_statements").getArray());
				}
			});
		return shapes.values().stream().map(Shape::group).toList();
	}

	long count(String table, DateRange range) {
		return jdbc.sql("""
				SELECT count(DISTINCT fingerprint) FROM table_query_daily
				WHERE table_name = :table AND business_date BETWEEN :from AND :to""")
			.param("table", table)
			.param("from", range.from())
			.param("to", range.to())
			.query(Long.class)
			.single();
	}

	private static List<QuerySource> first(List<QuerySource> sources) {
		return sources.size() > MAX_SOURCES ? List.copyOf(sources.subList(0, MAX_SOURCES)) : sources;
	}

	/** Sums of hostile values may pass the range of a long; the answer says the most it can. */
	public static long saturated(BigDecimal value) {
		if (value == null) {
			return 0;
		}
		return value.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0 ? Long.MAX_VALUE : value.longValue();
	}

	/** One shape of the page, put together from its parts. */
	private static final class Shape {

		private final String fingerprint;

		private final long statements;

		private final long timed;

		private final Instant firstRun;

		private final Instant lastRun;

		private final long totalDuration;

		private final long readBytes;

		private final Long shortest;

		private final Long longest;

		private final long total;

		private final DurationSketch sketch = new DurationSketch();

		private long users;

		private List<QuerySource> sources = List.of();

		private long sourceCount;

		private String example;

		Shape(ResultSet rs) throws SQLException {
			fingerprint = rs.getString("fingerprint");
			statements = rs.getLong("statements");
			timed = saturated(rs.getBigDecimal("timed"));
			firstRun = instant(rs.getTimestamp("first_run"));
			lastRun = instant(rs.getTimestamp("last_run"));
			totalDuration = saturated(rs.getBigDecimal("total_duration"));
			readBytes = saturated(rs.getBigDecimal("read_bytes"));
			shortest = (Long) rs.getObject("min_duration");
			longest = (Long) rs.getObject("max_duration");
			total = rs.getLong("total");
		}

		void runners(ResultSet rs) throws SQLException {
			users = rs.getLong("users");
			sources = first(sources(strings(rs.getArray("sources"))));
			sourceCount = rs.getLong("source_count");
		}

		Counted<QueryGroup> group() {
			return new Counted<>(new QueryGroup(fingerprint.isEmpty() ? null : fingerprint, statements, users, sources,
					sourceCount, firstRun, lastRun, totalDuration, sketch.p95(timed, shortest, longest), readBytes, example),
					total);
		}

	}

}
