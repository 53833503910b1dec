package io.lakegov.views;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.lakegov.usage.DateRange;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;
import org.springframework.stereotype.Component;

/**
 * The tables read through views over a range of days: for each table some view reached on those days, the
 * statements that read such a view while it reached the table (from the daily rollup), a statement that read
 * several of them counted once. A table read only through views is read: it is neither unused nor to be
 * dropped quietly.
 */
@Component
public class ReadsThroughViews {

	private final Views views;

	private final ViewOverlaps overlaps;

	private final JdbcClient jdbc;

	ReadsThroughViews(Views views, ViewOverlaps overlaps, JdbcClient jdbc) {
		this.views = views;
		this.overlaps = overlaps;
		this.jdbc = jdbc;
	}

	/** Read statements through views, by base table; tables no view reached have no entry. */
	public Map<String, Long> reads(DateRange range) {
		return reads(views.reachingAny(range));
	}

	/** Read statements through views of one table over the range, 0 when no view reached it. */
	public long reads(String table, DateRange range) {
		ViewReaches reaches = views.reaching(table, range);
		return reaches.isEmpty() ? 0 : reads(Map.of(table, reaches)).getOrDefault(table, 0L);
	}

	/** The tables read through views at least once over the range, by name. */
	public List<String> readTables(DateRange range) {
		return reads(range).entrySet().stream().filter(e -> e.getValue() > 0).map(Map.Entry::getKey).sorted().toList();
	}

	/** As {@link #reads(DateRange)}, for what the views reach, as {@link Views#reachingAny} gives it. */
	public Map<String, Long> reads(Map<String, ViewReaches> reached) {
		List<ViewOverlaps.Entry> entries = new ArrayList<>();
		reached.forEach((base, reaches) -> reaches.segments()
			.forEach(segment -> entries.add(new ViewOverlaps.Entry(base, segment.view(), segment.from(), segment.to()))));
		if (entries.isEmpty()) {
			return Map.of();
		}
		Map<String, Long> reads = new HashMap<>();
		jdbc.sql("""
				SELECT r.base, sum(d.reads)
				FROM unnest(CAST(:bases AS text[]), CAST(:tables AS text[]), CAST(:froms AS date[]),
				            CAST(:tos AS date[])) AS r (base, table_name, from_date, to_date)
				JOIN table_daily d ON d.table_name = r.table_name AND d.business_date BETWEEN r.from_date AND r.to_date
				GROUP BY r.base""")
			.param("bases", new SqlArrayValue("text", entries.stream().map(ViewOverlaps.Entry::base).toArray()))
			.param("tables", new SqlArrayValue("text", entries.stream().map(ViewOverlaps.Entry::table).toArray()))
			.param("froms", new SqlArrayValue("date", entries.stream().map(e -> java.sql.Date.valueOf(e.from())).toArray()))
			.param("tos", new SqlArrayValue("date", entries.stream().map(e -> java.sql.Date.valueOf(e.to())).toArray()))
			.query(rs -> {
				reads.put(rs.getString(1), rs.getLong(2));
			});
		ViewOverlaps.byBase(overlaps.overlaps(entries)).forEach((base, extra) -> reads.merge(base, -extra, Long::sum));
		return reads;
	}

}
