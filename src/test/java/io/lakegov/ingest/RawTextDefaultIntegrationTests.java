package io.lakegov.ingest;

import java.time.Instant;
import java.time.temporal.ChronoUnit;

import io.lakegov.support.IntegrationTest;
import io.lakegov.support.SourceRows;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

import static org.assertj.core.api.Assertions.assertThat;

/** By default no raw text is stored: the analysis (redacted text, fingerprint, facts) is. */
@IntegrationTest
class RawTextDefaultIntegrationTests {

	@Autowired
	IngestionService ingestion;

	@Autowired
	RawTextPurge purge;

	@Autowired
	JdbcClient jdbc;

	@Test
	void storesRedactedTextAndFingerprintButNoRawText() {
		IngestionTestSupport.reset(jdbc);
		new SourceRows(jdbc).row("q1")
			.text("SELECT * FROM main.s.orders WHERE card = '4111-1111'")
			.user("ann")
			.started(Instant.now().minus(1, ChronoUnit.HOURS))
			.save();
		jdbc.sql("INSERT INTO query_history (source, statement_id, update_time, statement_text, source_kind, "
				+ "first_seen_at, last_changed_at) VALUES ('default', 'stored-earlier', now(), 'SELECT 1', 'UNKNOWN', now(), now())").update();

		assertThat(ingestion.runIncremental(RunKind.MANUAL).status()).isEqualTo("SUCCEEDED");

		assertThat(jdbc.sql("SELECT statement_text IS NULL FROM query_history WHERE statement_id = 'q1'")
			.query(Boolean.class)
			.single()).isTrue();
		assertThat(jdbc.sql("""
				SELECT a.redacted_sql || '|' || (a.fingerprint IS NOT NULL) FROM query_history q
				JOIN statement_analysis a ON a.text_hash = q.text_hash AND a.analyzer_version = q.analyzer_version
				WHERE q.statement_id = 'q1'""").query(String.class).single()).doesNotContain("4111").endsWith("|true");
		assertThat(IngestionTestSupport.facts(jdbc, "q1")).containsExactly("main.s.orders|READ|-|-");

		assertThat(purge.purge(false).removed()).as("texts an earlier configuration stored").isEqualTo(1);
	}

}
