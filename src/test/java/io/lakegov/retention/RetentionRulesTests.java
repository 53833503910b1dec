package io.lakegov.retention;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import io.lakegov.sql.TableName;
import org.junit.jupiter.api.Test;

import static io.lakegov.retention.RetentionFixtures.NOW;
import static io.lakegov.retention.RetentionFixtures.evidence;
import static io.lakegov.retention.RetentionFixtures.facts;
import static io.lakegov.retention.RetentionFixtures.failed;
import static io.lakegov.retention.RetentionFixtures.propose;
import static io.lakegov.retention.RetentionFixtures.timestampRead;
import static io.lakegov.retention.RetentionFixtures.versionRead;
import static org.assertj.core.api.Assertions.assertThat;

class RetentionRulesTests {

	@Test
	void raisesBothDeltaPropertiesForDeepTimestampTravel() {
		String table = "main.deep.ts_travel";
		List<TravelRead> reads = List.of(timestampRead("q1", table, "2026-02-19 00:00:00", NOW, "ann"),
				timestampRead("q2", table, "2026-02-21T00:00:00Z", NOW, "bob"),
				timestampRead("q3", table, "2026-02-20", NOW, "ann"));
		RetentionEvidence evidence = evidence(table, reads, CommitHistory.EMPTY, new TableUsage(40, 5, NOW, NOW));

		List<RetentionProposal> proposals = propose(facts(table, evidence, Map.of(), true));

		assertThat(proposals).hasSize(1);
		RetentionProposal raise = proposals.get(0);
		assertThat(raise.kind()).isEqualTo(RetentionKind.RAISE);
		assertThat(raise.sql()).isEqualTo("ALTER TABLE `main`.`deep`.`ts_travel` SET TBLPROPERTIES "
				+ "('delta.logRetentionDuration' = 'interval 30 days', "
				+ "'delta.deletedFileRetentionDuration' = 'interval 30 days')");
		assertThat(raise.current()).containsExactly(
				new SettingValue("delta.logRetentionDuration", "interval 30 days", 30.0, true),
				new SettingValue("delta.deletedFileRetentionDuration", "interval 7 days", 7.0, true));
		assertThat(raise.evidence().timeTravelReads()).isEqualTo(3);
		assertThat(raise.evidence().p50Days()).isEqualTo(9.0);
		assertThat(raise.evidence().p99Days()).isEqualTo(10.0);
		assertThat(raise.evidence().maxDays()).isEqualTo(10.0);
		assertThat(raise.evidence().users()).containsExactly("ann", "bob");
		assertThat(raise.evidence().sources()).containsExactly("NOTEBOOK:nb-1");
		assertThat(raise.reason()).isEqualTo(
				"Reads reached back up to 10.0 days (p99 10.0 days, x1.5 safety factor) but the settings keep 7 days.");
		assertThat(raise.confidence()).isEqualTo(Confidence.MEDIUM);
		assertThat(raise.settingsKnown()).isTrue();
	}

	@Test
	void looksUpVersionsInTheCommitHistoryAndCountsUnknownVersionsApart() {
		String table = "main.deep.version_travel";
		// version 100 is current at 2026-01-26; version 40 was committed 15 days earlier
		var start = java.time.Instant.parse("2026-01-26T00:00:00Z");
		List<TravelRead> reads = List.of(versionRead("v1", table, 40, "AS_OF", start, "etl-sp"),
				versionRead("v2", table, 5, "AT_SUFFIX", start, "etl-sp"));
		RetentionEvidence evidence = evidence(table, reads, RetentionFixtures.sixHourly(10, 100), TableUsage.NONE);

		RetentionProposal raise = propose(facts(table, evidence, Map.of(), false)).get(0);

		assertThat(evidence.depthKnown()).isEqualTo(1);
		assertThat(evidence.depthUnknown()).isEqualTo(1);
		assertThat(evidence.maxDays()).isEqualTo(15.0);
		assertThat(raise.kind()).isEqualTo(RetentionKind.RAISE);
		assertThat(raise.proposed()).containsExactly(
				new SettingValue("delta.logRetentionDuration", "interval 30 days", 30.0, false),
				new SettingValue("delta.deletedFileRetentionDuration", "interval 30 days", 30.0, false));
		assertThat(raise.confidence()).isEqualTo(Confidence.LOW);
		assertThat(raise.confidenceReason()).isEqualTo("fewer than three reads went beyond the settings");
	}

	@Test
	void failedReadsWithRealDeltaMessagesRaiseWithHighConfidence() {
		String table = "main.deep.vacuumed";
		List<TravelRead> reads = List.of(
				failed(timestampRead("f1", table, "2026-02-17 06:00:00", NOW, "ann"),
						"[DELTA_UNSUPPORTED_TIME_TRAVEL_BEYOND_DELETED_FILE_RETENTION_DURATION] Cannot time travel "
								+ "beyond delta.deletedFileRetentionDuration (168 HOURS) set on the table. SQLSTATE: 0AKDC"),
				failed(timestampRead("f2", table, "2026-01-01 00:00:00", NOW, "cid"),
						"[DELTA_TIMESTAMP_EARLIER_THAN_COMMIT_RETENTION] The provided timestamp (2026-01-01 00:00:00.0) "
								+ "is before the earliest version available to this table (2026-01-29 00:00:00.0). "
								+ "Please use a timestamp after 2026-01-29 00:00:00. SQLSTATE: 42816"),
				timestampRead("ok", table, "2026-02-27 00:00:00", NOW, "bob"));
		RetentionEvidence evidence = evidence(table, reads, CommitHistory.EMPTY, new TableUsage(100, 10, NOW, NOW));

		RetentionProposal raise = propose(facts(table, evidence, Map.of("delta.logRetentionDuration", "interval 30 days"),
				true)).get(0);

		assertThat(evidence.failures()).isEqualTo(2);
		assertThat(evidence.failureClasses()).containsExactlyInAnyOrderEntriesOf(Map.of(
				"DELTA_UNSUPPORTED_TIME_TRAVEL_BEYOND_DELETED_FILE_RETENTION_DURATION", 1,
				"DELTA_TIMESTAMP_EARLIER_THAN_COMMIT_RETENTION", 1));
		assertThat(evidence.failedMaxDays()).isEqualTo(59.0);
		// p99 of {2, 11.75, 59} is 59 days; x1.5 = 88.5 days, so 90
		assertThat(raise.sql()).isEqualTo("ALTER TABLE `main`.`deep`.`vacuumed` SET TBLPROPERTIES "
				+ "('delta.logRetentionDuration' = 'interval 90 days', "
				+ "'delta.deletedFileRetentionDuration' = 'interval 90 days')");
		assertThat(raise.confidence()).isEqualTo(Confidence.HIGH);
		assertThat(raise.reason()).endsWith("; 2 reads failed because the history was no longer available.");
	}

	@Test
	void lowersOverRetainedTableNobodyTimeTravels() {
		String table = "main.finance.ledger_copy";
		RetentionEvidence evidence = RetentionEvidence.none(table, RetentionFixtures.LOOKBACK_START, NOW,
				new TableUsage(250, 30, NOW, NOW));

		List<RetentionProposal> proposals = propose(facts(table, evidence, Map.of("delta.logRetentionDuration",
				"interval 365 days", "delta.deletedFileRetentionDuration", "interval 180 days"), true));

		assertThat(proposals).hasSize(1);
		RetentionProposal lower = proposals.get(0);
		assertThat(lower.kind()).isEqualTo(RetentionKind.LOWER);
		assertThat(lower.sql()).isEqualTo("ALTER TABLE `main`.`finance`.`ledger_copy` SET TBLPROPERTIES "
				+ "('delta.logRetentionDuration' = 'interval 30 days', "
				+ "'delta.deletedFileRetentionDuration' = 'interval 7 days')");
		assertThat(lower.reason()).isEqualTo(
				"Nobody time-travelled in the last 90 days, yet the settings keep 365 days, more than the defaults.");
		assertThat(lower.confidence()).isEqualTo(Confidence.MEDIUM);
	}

	@Test
	void lowersToTheNeededStepWhenSettingsExceedTheDeepestReachByAWideMargin() {
		String table = "main.deep.shallow_reads";
		List<TravelRead> reads = List.of(timestampRead("s1", table, "2026-02-28 00:00:00", NOW, "ann"));
		RetentionEvidence evidence = evidence(table, reads, CommitHistory.EMPTY, new TableUsage(50, 5, NOW, NOW));

		RetentionProposal lower = propose(facts(table, evidence, Map.of("delta.logRetentionDuration", "interval 60 days",
				"delta.deletedFileRetentionDuration", "interval 60 days"), true)).get(0);

		assertThat(lower.kind()).isEqualTo(RetentionKind.LOWER);
		assertThat(lower.proposed()).containsExactly(
				new SettingValue("delta.logRetentionDuration", "interval 30 days", 30.0, false),
				new SettingValue("delta.deletedFileRetentionDuration", "interval 7 days", 7.0, false));
		assertThat(lower.confidence()).isEqualTo(Confidence.HIGH);
	}

	@Test
	void leavesDefaultSettingsAloneWhenNobodyTimeTravels() {
		String table = "main.quiet.defaults";
		RetentionEvidence evidence = RetentionEvidence.none(table, RetentionFixtures.LOOKBACK_START, NOW,
				new TableUsage(12, 0, NOW, null));

		assertThat(propose(facts(table, evidence, Map.of(), true))).isEmpty();
	}

	@Test
	void makesNoProposalForATableWithoutEvidence() {
		String table = "main.nothing.known";
		RetentionEvidence evidence = RetentionEvidence.none(table, RetentionFixtures.LOOKBACK_START, NOW,
				TableUsage.NONE);

		assertThat(propose(facts(table, evidence, Map.of(), false))).isEmpty();
	}

	@Test
	void asksToReviewAnInventoryTableNobodyRead() {
		String table = "main.legacy.orders_2018";
		RetentionEvidence evidence = RetentionEvidence.none(table, RetentionFixtures.LOOKBACK_START, NOW,
				TableUsage.NONE);

		List<RetentionProposal> proposals = propose(facts(table, evidence, Map.of(), true));

		assertThat(proposals).singleElement().satisfies(review -> {
			assertThat(review.kind()).isEqualTo(RetentionKind.REVIEW_UNUSED);
			assertThat(review.impact()).isEqualTo("/api/v1/tables/main.legacy.orders_2018/impact");
			assertThat(review.sql()).isNull();
			assertThat(review.proposed()).isEmpty();
			assertThat(review.confidence()).isEqualTo(Confidence.HIGH);
			assertThat(review.reason())
				.isEqualTo("Nobody read the table in the last 90 days. Read the impact report before dropping it.");
		});
	}

	@Test
	void reviewIsLowConfidenceWhenTheStoreHoldsLessThanTheLookback() {
		String table = "main.legacy.young_store";
		RetentionEvidence evidence = RetentionEvidence.none(table, RetentionFixtures.LOOKBACK_START, NOW,
				TableUsage.NONE);
		var rules = new RetentionRules(RetentionFixtures.CONFIG, RetentionFixtures.LOOKBACK_START, false);

		assertThat(rules.propose(facts(table, evidence, Map.of(), true))).singleElement()
			.extracting(RetentionProposal::confidence)
			.isEqualTo(Confidence.LOW);
	}

	@Test
	void raisesIcebergSnapshotAgeAndLowersItWhenNobodyTravels() {
		String travelled = "main.ice.travelled";
		RetentionEvidence deep = evidence(travelled,
				List.of(timestampRead("i1", travelled, "2026-02-19 00:00:00", NOW, "ann")), CommitHistory.EMPTY,
				new TableUsage(5, 1, NOW, NOW));
		RetentionProposal raise = propose(facts(travelled, deep,
				Map.of("history.expire.min-snapshots-to-keep", "20", "format-version", "2"), true)).get(0);
		assertThat(raise.kind()).isEqualTo(RetentionKind.RAISE);
		assertThat(raise.current()).containsExactly(
				new SettingValue("history.expire.max-snapshot-age-ms", "432000000", 5.0, true),
				new SettingValue("history.expire.min-snapshots-to-keep", "20", null, false));
		assertThat(raise.sql()).isEqualTo("ALTER TABLE `main`.`ice`.`travelled` SET TBLPROPERTIES "
				+ "('history.expire.max-snapshot-age-ms' = '2592000000')");

		String quiet = "main.ice.quiet";
		RetentionEvidence none = RetentionEvidence.none(quiet, RetentionFixtures.LOOKBACK_START, NOW,
				new TableUsage(30, 3, NOW, NOW));
		RetentionProposal lower = propose(facts(quiet, none, Map.of("history.expire.max-snapshot-age-ms", "2592000000",
				"history.expire.min-snapshots-to-keep", "20"), true)).get(0);
		assertThat(lower.kind()).isEqualTo(RetentionKind.LOWER);
		assertThat(lower.sql()).isEqualTo("ALTER TABLE `main`.`ice`.`quiet` SET TBLPROPERTIES "
				+ "('history.expire.max-snapshot-age-ms' = '432000000')");
		assertThat(lower.confidence()).isEqualTo(Confidence.HIGH);
	}

	@Test
	void stillProposesWithDefaultsAssumedWhenTheSettingsAreUnknown() {
		String table = "main.deep.refused";
		List<TravelRead> reads = List.of(failed(versionRead("r1", table, 3, "AS_OF", NOW, "ann"),
				"[DELTA_VERSION_NOT_FOUND] Cannot time travel Delta table to version 3. Available versions: [40, 236]."));
		RetentionEvidence evidence = evidence(table, reads, CommitHistory.EMPTY, new TableUsage(9, 1, NOW, NOW));
		var facts = new TableFacts(TableName.parse(table), evidence,
				RetentionFixtures.PARSER.unknown("the source refused SHOW TBLPROPERTIES"), true, null);

		RetentionProposal raise = propose(facts).get(0);

		assertThat(raise.kind()).isEqualTo(RetentionKind.RAISE);
		assertThat(raise.settingsKnown()).isFalse();
		assertThat(raise.proposed()).containsExactly(
				new SettingValue("delta.logRetentionDuration", "interval 30 days", 30.0, false),
				new SettingValue("delta.deletedFileRetentionDuration", "interval 14 days", 14.0, false));
		assertThat(raise.confidence()).isEqualTo(Confidence.MEDIUM);
		assertThat(raise.confidenceReason())
			.isEqualTo("reads already failed, but the settings are unknown (defaults assumed)");
		assertThat(evidence.depthUnknown()).isEqualTo(1);
		assertThat(facts.settings().keeps()).isEqualTo(Duration.ofDays(7));
	}

}
