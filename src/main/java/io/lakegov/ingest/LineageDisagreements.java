package io.lakegov.ingest;

import java.sql.Array;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Collection;
import java.util.List;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;
import org.springframework.stereotype.Repository;

/**
 * Statements both witnesses saw that disagree on the tables, kept while they disagree: each side catches
 * the other's mistakes (a table the analyser missed, one the engine did not record).
 */
@Repository
class LineageDisagreements {

	private final JdbcClient jdbc;

	LineageDisagreements(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/**
	 * One statement's two views of its tables, each as {@code "ROLE table"}.
	 *
	 * @param parsed what its text says (reads and writes)
	 * @param lineage what the engine's lineage recorded
	 */
	record Disagreement(String statementId, Instant eventTime, String user, List<String> parsed,
			List<String> lineage) {

		Disagreement {
			parsed = List.copyOf(parsed);
			lineage = List.copyOf(lineage);
		}

	}

	/** Replaces what is recorded for the given statements with the given disagreements (of those statements). */
	void replace(Collection<String> statementIds, List<Disagreement> disagreements) {
		if (!statementIds.isEmpty()) {
			jdbc.sql("DELETE FROM lineage_disagreement WHERE statement_id = ANY(:ids)")
				.param("ids", new SqlArrayValue("text", statementIds.toArray()))
				.update();
		}
		for (Disagreement disagreement : disagreements) {
			jdbc.sql("""
					INSERT INTO lineage_disagreement (statement_id, event_time, user_name, parsed_tables, lineage_tables)
					VALUES (:id, :time, :user, :parsed, :lineage)
					ON CONFLICT (statement_id) DO UPDATE SET event_time = EXCLUDED.event_time,
					    user_name = EXCLUDED.user_name, parsed_tables = EXCLUDED.parsed_tables,
					    lineage_tables = EXCLUDED.lineage_tables""")
				.param("id", disagreement.statementId())
				.param("time", Timestamp.from(disagreement.eventTime()))
				.param("user", disagreement.user())
				.param("parsed", new SqlArrayValue("text", disagreement.parsed().toArray()))
				.param("lineage", new SqlArrayValue("text", disagreement.lineage().toArray()))
				.update();
		}
	}

	/** Disagreements of statements that started in {@code [from, to)}, newest first. */
	List<Disagreement> page(Instant from, Instant to, int page, int size) {
		return jdbc.sql("""
				SELECT statement_id, event_time, user_name, parsed_tables, lineage_tables
				FROM lineage_disagreement
				WHERE event_time >= :from AND event_time < :to
				ORDER BY event_time DESC, statement_id
				LIMIT :size OFFSET :offset""")
			.param("from", Timestamp.from(from))
			.param("to", Timestamp.from(to))
			.param("size", size)
			.param("offset", (long) page * size)
			.query((rs, n) -> new Disagreement(rs.getString(1), rs.getTimestamp(2).toInstant(), rs.getString(3),
					strings(rs.getArray(4)), strings(rs.getArray(5))))
			.list();
	}

	long count(Instant from, Instant to) {
		return jdbc.sql("SELECT count(*) FROM lineage_disagreement WHERE event_time >= :from AND event_time < :to")
			.param("from", Timestamp.from(from))
			.param("to", Timestamp.from(to))
			.query(Long.class)
			.single();
	}

	long count() {
		return jdbc.sql("SELECT count(*) FROM lineage_disagreement").query(Long.class).single();
	}

	private static List<String> strings(Array array) throws SQLException {
		return array == null ? List.of() : List.of((String[]) array.getArray());
	}

}
