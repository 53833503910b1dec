package io.lakegov.ingest;

import java.time.Instant;
import java.time.temporal.ChronoUnit;

import io.lakegov.support.IntegrationTest;
import io.lakegov.support.SourceRows;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

import static org.assertj.core.api.Assertions.assertThat;

@IntegrationTest(properties = { "lakegov.usage.time-zone=Asia/Tokyo", "lakegov.ingest.batch-size=2",
		"lakegov.analysis.default-schema=fallback" })
class SessionAndTimeZoneIntegrationTests {

	static final Instant T0 = Instant.now().minus(1, ChronoUnit.DAYS).truncatedTo(ChronoUnit.HOURS);

	@Autowired
	IngestionService ingestion;

	@Autowired
	JdbcClient jdbc;

	SourceRows source;

	@BeforeEach
	void reset() {
		IngestionTestSupport.reset(jdbc);
		source = new SourceRows(jdbc);
	}

	@Test
	void resolvesNamesWithTheSessionsUseStatements() {
		source.row("u1").session("sess").text("USE CATALOG prod").started(T0).save();
		source.row("q1").session("sess").text("SELECT * FROM orders").started(T0.plusSeconds(1)).save();
		source.row("u2").session("sess").text("USE SCHEMA sales").started(T0.plusSeconds(2)).save();
		source.row("q2").session("sess").text("SELECT * FROM orders JOIN crm.customers USING (id)")
			.started(T0.plusSeconds(3))
			.save();
		source.row("other").session("other-session").text("SELECT * FROM orders").started(T0.plusSeconds(4)).save();

		ingestion.runIncremental(RunKind.MANUAL);

		assertThat(IngestionTestSupport.facts(jdbc, "q1")).containsExactly("prod.default.orders|READ|-|-");
		assertThat(IngestionTestSupport.facts(jdbc, "q2")).containsExactly("prod.sales.orders|READ|-|-",
				"prod.crm.customers|READ|-|-");
		assertThat(IngestionTestSupport.facts(jdbc, "other")).containsExactly("fallback.orders|READ|-|-");
		assertThat(jdbc.sql("SELECT fully_qualified FROM table_access WHERE statement_id = 'other'")
			.query(Boolean.class)
			.single()).isFalse();
	}

	@Test
	void reresolvesEarlierIngestedStatementsWhenTheirSessionsUseArrivesLate() {
		source.row("q").session("late-use").text("SELECT * FROM events").started(T0.plusSeconds(10)).save();
		ingestion.runIncremental(RunKind.MANUAL);
		assertThat(IngestionTestSupport.facts(jdbc, "q")).containsExactly("fallback.events|READ|-|-");

		// the USE ran first but reaches the source's table later
		source.row("u").session("late-use").text("USE main.bronze").set("start_time", T0)
			.updated(T0.plusSeconds(600))
			.save();
		ingestion.runIncremental(RunKind.MANUAL);

		assertThat(IngestionTestSupport.facts(jdbc, "q")).containsExactly("main.bronze.events|READ|-|-");
	}

	@Test
	void temporaryViewsOfTheSessionAreNotTables() {
		source.row("v").session("tv").text("CREATE TEMP VIEW recent AS SELECT * FROM main.s.events").started(T0).save();
		source.row("r").session("tv").text("SELECT * FROM recent").started(T0.plusSeconds(1)).save();
		ingestion.runIncremental(RunKind.MANUAL);
		assertThat(IngestionTestSupport.facts(jdbc, "v")).containsExactly("main.s.events|READ|-|-");
		assertThat(IngestionTestSupport.facts(jdbc, "r")).isEmpty();
	}

	@Test
	void businessDateIsTheStartDayInTheBusinessTimeZone() {
		// 15:30 UTC is 00:30 the next day in Tokyo
		Instant lateUtc = Instant.parse("2026-03-01T15:30:00Z");
		Instant earlyUtc = Instant.parse("2026-03-01T14:59:59Z");
		source.row("jst").text("SELECT * FROM main.s.t").started(lateUtc).save();
		source.row("jst-before").text("SELECT * FROM main.s.t").started(earlyUtc).save();
		ingestion.backfill(Instant.parse("2026-03-01T00:00:00Z"), Instant.parse("2026-03-03T00:00:00Z"));
		assertThat(jdbc.sql("SELECT business_date::text FROM table_access WHERE statement_id = 'jst'")
			.query(String.class)
			.single()).isEqualTo("2026-03-02");
		assertThat(jdbc.sql("SELECT business_date::text FROM table_access WHERE statement_id = 'jst-before'")
			.query(String.class)
			.single()).isEqualTo("2026-03-01");
	}

}
