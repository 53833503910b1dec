package io.lakegov.retention;

import java.sql.Date;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.lakegov.retention.text.TravelFailures;
import io.lakegov.usage.BusinessDates;

import org.springframework.jdbc.core.RowMapper;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;
import org.springframework.stereotype.Repository;

/** What the store's usage facts and rollups say about time travel and reads. */
@Repository
class RetentionFactsRepository {

	// Reads that time-travelled, and failed reads whose message may be about missing history; the
	// regular expression only narrows the rows, TravelFailures decides.
	private static final String TRAVEL_READS = """
			SELECT a.statement_id, a.table_name, a.time_travel_kind, a.time_travel_value, a.time_travel_syntax,
			       a.user_name, a.source_kind, a.source_id, coalesce(h.start_time, a.event_time) AS started,
			       h.error_message
			FROM table_access a
			LEFT JOIN query_history h ON h.source = a.source AND h.statement_id = a.statement_id
			WHERE a.role = 'READ' AND a.event_time >= :from AND a.fully_qualified
			  AND (a.time_travel_kind IS NOT NULL
			       OR (a.execution_status = 'FAILED'
			           AND h.error_message ~* '(time travel|version|timestamp|snapshot|retention|vacuum|truncated|FileNotFound|cannot be found)'))
			  %s
			ORDER BY a.table_name, a.event_time, a.statement_id, a.access_no""";

	private static final RowMapper<TravelRead> TRAVEL_READ = (rs, n) -> new TravelRead(rs.getString(1), rs.getString(2),
			rs.getString(3), rs.getString(4), rs.getString(5), rs.getString(6),
			rs.getString(8) == null || rs.getString(8).isEmpty() ? rs.getString(7) : rs.getString(7) + ":" + rs.getString(8),
			rs.getTimestamp(9).toInstant(), rs.getString(10));

	private final JdbcClient jdbc;

	private final BusinessDates dates;

	RetentionFactsRepository(JdbcClient jdbc, BusinessDates dates) {
		this.jdbc = jdbc;
		this.dates = dates;
	}

	List<TravelRead> travelReads(Instant from) {
		return jdbc.sql(TRAVEL_READS.formatted("")).param("from", java.sql.Timestamp.from(from)).query(TRAVEL_READ).list();
	}

	List<TravelRead> travelReads(Instant from, String table) {
		return jdbc.sql(TRAVEL_READS.formatted("AND a.table_name = :table"))
			.param("from", java.sql.Timestamp.from(from))
			.param("table", table)
			.query(TRAVEL_READ)
			.list();
	}

	/** Reads and writes from the first day of the lookback on, last read and write ever, by table. */
	Map<String, TableUsage> usage(Collection<String> tables, Instant from) {
		Map<String, TableUsage> usage = new HashMap<>();
		if (tables.isEmpty()) {
			return usage;
		}
		jdbc.sql("""
				SELECT table_name,
				       coalesce(sum(reads) FILTER (WHERE business_date >= :from), 0),
				       coalesce(sum(writes) FILTER (WHERE business_date >= :from), 0),
				       max(last_read), max(last_write)
				FROM table_daily WHERE table_name = ANY(:tables)
				GROUP BY table_name""")
			.param("from", Date.valueOf(day(from)))
			.param("tables", new SqlArrayValue("text", (Object[]) tables.toArray(String[]::new)))
			.query(rs -> {
				var lastRead = rs.getTimestamp(4);
				var lastWrite = rs.getTimestamp(5);
				usage.put(rs.getString(1), new TableUsage(rs.getLong(2), rs.getLong(3),
						lastRead == null ? null : lastRead.toInstant(), lastWrite == null ? null : lastWrite.toInstant()));
			});
		return usage;
	}

	/** The first day the store holds usage for, if any. */
	Optional<LocalDate> firstDay() {
		return jdbc.sql("SELECT min(business_date) FROM table_daily HAVING min(business_date) IS NOT NULL").query(LocalDate.class).optional();
	}

	/** The business day of an instant, in the business time zone the rollups' days are counted in. */
	LocalDate day(Instant instant) {
		return instant.atZone(dates.zone()).toLocalDate();
	}

}
