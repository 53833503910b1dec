package io.lakegov.usage.rollups;

import java.sql.Date;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

import io.lakegov.usage.UsageFact;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;
import org.springframework.stereotype.Repository;

/**
 * Keeps {@code co_read_daily} equal to the facts, the way lineage is kept: a row (day, A, B) counts the
 * statements that read both A and B on that day, it is a row of the pair (day, A), and every fact of such a
 * statement makes (day, A) a pair to rebuild.
 */
@Repository
class CoReadRollups {

	private final JdbcClient jdbc;

	CoReadRollups(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/** Rebuilds the rows of the pairs from the facts. */
	void rebuild(DayTablePairs pairs) {
		pairs.delete(jdbc, "co_read_daily", "table_name");
		jdbc.sql("""
				INSERT INTO co_read_daily (business_date, table_name, other_table, statements, last_event)
				SELECT r.business_date, r.table_name, o.table_name, count(DISTINCT (r.source, r.statement_id)),
				       max(r.event_time)
				FROM rollup_pair t
				JOIN table_access r ON r.table_name = t.table_name AND r.business_date = t.business_date
				    AND r.role = 'READ'
				CROSS JOIN LATERAL (
				    SELECT o.table_name FROM table_access o
				    WHERE o.source = r.source AND o.statement_id = r.statement_id AND o.role = 'READ'
				        AND o.table_name <> r.table_name
				    OFFSET 0) o
				GROUP BY r.business_date, r.table_name, o.table_name""")
			.update();
	}

}
