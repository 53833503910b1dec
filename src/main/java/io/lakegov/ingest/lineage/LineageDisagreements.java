package io.lakegov.ingest.lineage;

import java.sql.Array;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Collection;
import java.util.List;

import org.jspecify.annotations.Nullable;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;
import org.springframework.stereotype.Repository;

/**
 * Statements both witnesses saw that disagree on the tables, kept while they disagree: each side catches
 * the other's mistakes (a table the analyser missed, one the engine did not record).
 */
@Repository
public class LineageDisagreements {

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
	public record Disagreement(String statementId, Instant eventTime, String user, List<String> parsed,
			List<String> lineage) {

		public Disagreement {
			parsed = List.copyOf(parsed);
			lineage = List.copyOf(lineage);
		}

	}

	/**
	 * Replaces what is recorded for the given statements of the source with the given disagreements (of those
	 * statements).
	 */
	public void replace(String source, Collection<String> statementIds, List<Disagreement> disagreements) {
		if (!statementIds.isEmpty()) {
			jdbc.sql("DELETE FROM lineage_disagreement WHERE source = :source AND statement_id = ANY(:ids)")
				.param("source", source)
				.param("ids", new SqlArrayValue("text", statementIds.toArray()))
				.update();
		}
		for (Disagreement disagreement : disagreements) {
			jdbc.sql("""
					INSERT INTO lineage_disagreement (source, statement_id, event_time, user_name, parsed_tables,
					    lineage_tables)
					VALUES (:source, :id, :time, :user, :parsed, :lineage)
					ON CONFLICT (source, statement_id) DO UPDATE SET event_time = EXCLUDED.event_time,
					    user_name = EXCLUDED.user_name, parsed_tables = EXCLUDED.parsed_tables,
					    lineage_tables = EXCLUDED.lineage_tables""")
				.param("source", source)
				.param("id", disagreement.statementId())
				.param("time", Timestamp.from(disagreement.eventTime()))
				.param("user", disagreement.user())
				.param("parsed", new SqlArrayValue("text", disagreement.parsed().toArray()))
				.param("lineage", new SqlArrayValue("text", disagreement.lineage().toArray()))
				.update();
		}
	}

	/** A recorded disagreement with the source of its statement. */
	record Listed(String source, Disagreement disagreement) {
	}

	/**
	 * Disagreements of statements that started in {@code [from, to)}, newest first, of one source or (null)
	 * of all.
	 */
	List<Listed> page(@Nullable String source, Instant from, Instant to, int page, int size) {
		return jdbc.sql("""
				SELECT source, statement_id, event_time, user_name, parsed_tables, lineage_tables
				FROM lineage_disagreement
				WHERE event_time >= :from AND event_time < :to AND (CAST(:source AS text) IS NULL OR source = :source)
				ORDER BY event_time DESC, source, statement_id
				LIMIT :size OFFSET :offset""")
			.param("source", source)
			.param("from", Timestamp.from(from))
			.param("to", Timestamp.from(to))
			.param("size", size)
			.param("offset", (long) page * size)
			.query((rs, n) -> new Listed(rs.getString(1), new Disagreement(rs.getString(2), rs.getTimestamp(3).toInstant(),
					rs.getString(4), strings(rs.getArray(5)), strings(rs.getArray(6)))))
			.list();
	}

	long count(@Nullable String source, Instant from, Instant to) {
		return jdbc.sql("""
				SELECT count(*) FROM lineage_disagreement
				WHERE event_time >= :from AND event_time < :to AND (CAST(:source AS text) IS NULL OR source = :source)""")
			.param("source", source)
			.param("from", Timestamp.from(from))
			.param("to", Timestamp.from(to))
			.query(Long.class)
			.single();
	}

	private static List<String> strings(Array array) throws SQLException {
		return array == null ? List.of() : List.of((String[]) array.getArray());
	}

}
