package io.lakegov.ingest.batch;

import java.util.Collection;
import java.util.List;

import io.lakegov.history.HistorySource;
import io.lakegov.history.OwnStatements;
import io.lakegov.sql.StatementAnalyzer;
import io.lakegov.usage.QuerySource;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;
import org.springframework.stereotype.Repository;

/**
 * Stored statements as input to fact derivation, and the record of how each was derived (analyser version,
 * status, the defaults its names were resolved with), each of one source.
 */
@Repository
public class PendingStatements {

	/**
	 * A stored statement (alias {@code q}) can be analysed anew when its raw text is there, when it never had
	 * one, or when another statement of the same text was already analysed by this analyser version.
	 */
	static final String REANALYSABLE = """
			q.statement_text IS NOT NULL OR q.text_hash IS NULL OR EXISTS (
			    SELECT 1 FROM statement_analysis a WHERE a.text_hash = q.text_hash AND a.analyzer_version = :version)""";

	private final JdbcClient jdbc;

	PendingStatements(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/** How one statement's facts were derived. */
	record Derivation(String statementId, String status, String catalog, String schema) {
	}

	public List<FactRefresher.Pending> load(HistorySource source, Collection<String> statementIds) {
		OwnStatements own = source.own();
		return jdbc.sql("""
				SELECT statement_id, session_id, coalesce(start_time, update_time), executed_by, source_kind, source_id,
				       execution_status, text_hash, statement_text, query_tags::text, cache_origin_statement_id
				FROM query_history WHERE source = :source AND statement_id = ANY(:ids)""")
			.param("source", source.name())
			.param("ids", new SqlArrayValue("text", statementIds.toArray()))
			.query((rs, n) -> new FactRefresher.Pending(new StatementContext(rs.getString(1), rs.getString(2),
					rs.getTimestamp(3).toInstant(), rs.getString(4), new QuerySource(rs.getString(5), rs.getString(6)),
					rs.getString(7), rs.getString(8), own.isOwn(rs.getString(4), rs.getString(10)), rs.getString(11)), rs.getString(9)))
			.list();
	}

	/**
	 * Ids of statements whose facts come from an older analyser version, after {@code after} in id order:
	 * the walk follows the primary key, so each batch reads only what it returns and what it skips.
	 */
	List<String> analysedByOlderVersion(String source, String after, int limit) {
		return jdbc.sql("""
				SELECT statement_id FROM query_history q
				WHERE source = :source AND statement_id > :after AND analyzer_version IS DISTINCT FROM :version AND (""" + REANALYSABLE + """
				)
				ORDER BY statement_id
				LIMIT :limit""")
			.param("source", source)
			.param("after", after)
			.param("version", StatementAnalyzer.VERSION)
			.param("limit", limit)
			.query(String.class)
			.list();
	}

	/**
	 * How many statements come from an older analyser version and cannot be analysed anew because their raw
	 * text is gone: they keep the facts of their last analysis.
	 */
	long notReanalysable(String source) {
		return jdbc.sql("SELECT count(*) FROM query_history q WHERE source = :source AND "
				+ "analyzer_version IS DISTINCT FROM :version AND NOT (" + REANALYSABLE + ")")
			.param("source", source)
			.param("version", StatementAnalyzer.VERSION)
			.query(Long.class)
			.single();
	}

	void recordDerivations(String source, List<Derivation> derivations) {
		if (derivations.isEmpty()) {
			return;
		}
		jdbc.sql("""
				UPDATE query_history h
				SET analyzer_version = :version, analysis_status = d.status, default_catalog = d.catalog,
				    default_schema = d.schema
				FROM unnest(:ids::text[], :statuses::text[], :catalogs::text[], :schemas::text[])
				     AS d(statement_id, status, catalog, schema)
				WHERE h.source = :source AND h.statement_id = d.statement_id""")
			.param("source", source)
			.param("version", StatementAnalyzer.VERSION)
			.param("ids", new SqlArrayValue("text", derivations.stream().map(Derivation::statementId).toArray()))
			.param("statuses", new SqlArrayValue("text", derivations.stream().map(Derivation::status).toArray()))
			.param("catalogs", new SqlArrayValue("text", derivations.stream().map(Derivation::catalog).toArray()))
			.param("schemas", new SqlArrayValue("text", derivations.stream().map(Derivation::schema).toArray()))
			.update();
	}

}
