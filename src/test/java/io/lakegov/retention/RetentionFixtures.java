package io.lakegov.retention;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import io.lakegov.sql.TableName;

/** Builders for the rule tests: reads, histories and facts with names unique to each test. */
final class RetentionFixtures {

	static final Instant NOW = Instant.parse("2026-03-01T00:00:00Z");

	static final Instant LOOKBACK_START = NOW.minus(Duration.ofDays(90));

	static final RetentionProperties CONFIG = RetentionProperties.defaults();

	static final SettingsParser PARSER = new SettingsParser(CONFIG);

	private RetentionFixtures() {
	}

	static TravelRead timestampRead(String id, String table, String timestamp, Instant start, String user) {
		return new TravelRead(id, table, "TIMESTAMP", timestamp, "AS_OF", user, "NOTEBOOK:nb-1", start, null);
	}

	static TravelRead versionRead(String id, String table, long version, String syntax, Instant start, String user) {
		return new TravelRead(id, table, "VERSION", Long.toString(version), syntax, user, "JOB:77", start, null);
	}

	static TravelRead failed(TravelRead read, String errorMessage) {
		return new TravelRead(read.statementId(), read.table(), read.kind(), read.value(), read.syntax(), read.user(),
				read.source(), read.start(), errorMessage);
	}

	/** Versions 0..newest, six hours apart from 2026-01-01, like the demo's time-travelled table. */
	static CommitHistory sixHourly(long oldest, long newest) {
		Instant origin = Instant.parse("2026-01-01T00:00:00Z");
		List<CommitHistory.Commit> commits = new java.util.ArrayList<>();
		for (long v = oldest; v <= newest; v++) {
			commits.add(new CommitHistory.Commit(v, origin.plus(Duration.ofHours(6 * v))));
		}
		return new CommitHistory(commits);
	}

	static RetentionEvidence evidence(String table, List<TravelRead> reads, CommitHistory history, TableUsage usage) {
		return EvidenceCollector.collect(table, LOOKBACK_START, NOW, reads, history, usage);
	}

	static TableFacts facts(String table, RetentionEvidence evidence, Map<String, String> properties,
			boolean inInventory) {
		return new TableFacts(TableName.parse(table), evidence, PARSER.parse(properties), inInventory,
				NOW.minus(Duration.ofDays(400)));
	}

	static List<RetentionProposal> propose(TableFacts facts) {
		return new RetentionRules(CONFIG, LOOKBACK_START, true).propose(facts);
	}

}
