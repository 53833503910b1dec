package io.lakegov.ingest.lineage;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** How much of the usage the engine's lineage covers, and what neither witness covers. */
@Repository
public class LineageCoverage {

	private final JdbcClient jdbc;

	LineageCoverage(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/**
	 * The counts the status reports.
	 *
	 * @param maskedStatements stored statements whose text was masked or empty
	 * @param maskedWithoutLineage of those, the ones no lineage row covers (nor, for a result-cache hit, the
	 * statement it reused): their usage is unknown, the remaining gap
	 * @param lineageOnlyStatements statements only the lineage knows (not in the query history)
	 * @param disagreements statements whose two witnesses disagree on the tables
	 * @param unnamedRows lineage rows that name neither a table nor a path on either side (nothing to count)
	 */
	public record Counts(long maskedStatements, long maskedWithoutLineage, long lineageOnlyStatements, long disagreements,
			long unnamedRows) {
	}

	/** The counts of one source: its statements, its lineage and the facts stored under its name. */
	public Counts counts(String source) {
		return jdbc.sql("""
				SELECT (SELECT count(*) FROM query_history
				        WHERE source = :source AND analysis_status IN ('REDACTED', 'EMPTY')),
				       (SELECT count(*) FROM query_history q
				        WHERE q.source = :source AND q.analysis_status IN ('REDACTED', 'EMPTY')
				          AND NOT EXISTS (SELECT 1 FROM engine_lineage l
				                          WHERE l.source = q.source AND l.statement_id = q.statement_id)
				          AND (q.cache_origin_statement_id IS NULL OR NOT EXISTS (
				              SELECT 1 FROM engine_lineage l
				              WHERE l.source = q.source AND l.statement_id = q.cache_origin_statement_id))),
				       (SELECT count(DISTINCT statement_id) FROM table_access
				        WHERE source = :source AND witness = 'ENGINE_LINEAGE' AND statement_id LIKE 'lineage:%'),
				       (SELECT count(*) FROM lineage_disagreement WHERE source = :source),
				       (SELECT count(*) FROM engine_lineage
				        WHERE source = :source AND source_table_full_name IS NULL AND source_path IS NULL
				          AND target_table_full_name IS NULL AND target_path IS NULL)""")
			.param("source", source)
			.query((rs, n) -> new Counts(rs.getLong(1), rs.getLong(2), rs.getLong(3), rs.getLong(4), rs.getLong(5)))
			.single();
	}

}
