package io.lakegov.ingest;

import java.sql.SQLException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import io.lakegov.history.HistoryReader;
import io.lakegov.history.HistoryRow;
import io.lakegov.history.Sources;
import io.lakegov.support.IntegrationTest;
import io.lakegov.support.RollupAssertions;
import io.lakegov.support.SourceRows;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A window the store mostly holds already is read key first: statement ids and update times, and whole rows
 * only for what the store lacks. Nothing is missed or handed over twice, whichever way the read goes.
 */
@IntegrationTest(properties = "lakegov.ingest.batch-size=4")
class KeyFirstReadIntegrationTests {

	static final Instant T0 = Instant.now().minus(2, ChronoUnit.DAYS).truncatedTo(ChronoUnit.SECONDS);

	@Autowired
	IngestionService ingestion;

	@Autowired
	HistoryReader reader;

	@Autowired
	Sources sources;

	@Autowired
	JdbcClient jdbc;

	SourceRows history;

	@BeforeEach
	void reset() {
		IngestionTestSupport.reset(jdbc);
		history = new SourceRows(jdbc);
	}

	@Test
	void aReRunReadsWhatTheStoreHoldsByKeyAlone() throws SQLException {
		save(1, 20);
		IngestionRun first = ingestion.runIncremental(RunKind.MANUAL);

		Handed handed = read(first, Set.of());
		IngestionRun again = ingestion.backfill(first.windowStart(), first.windowEnd());

		assertThat(handed.whole).hasSize(4);
		assertThat(handed.unchanged).isEqualTo(16);
		assertThat(again.rowsRead()).isEqualTo(20);
		assertThat(again.rowsChanged()).isZero();
	}

	@Test
	void aLateUpdateAmongStoredRowsIsReadWhole() {
		save(1, 20);
		IngestionRun first = ingestion.runIncremental(RunKind.MANUAL);
		history.row("s12").text("INSERT INTO main.gold.daily SELECT * FROM main.sales.orders").user("ann")
			.set("start_time", T0.plusSeconds(12)).updated(T0.plusSeconds(17).plusMillis(500)).save();

		IngestionRun again = ingestion.backfill(first.windowStart(), first.windowEnd());

		assertThat(again.rowsRead()).isEqualTo(20);
		assertThat(again.rowsChanged()).isEqualTo(1);
		assertThat(IngestionTestSupport.facts(jdbc, "s12")).containsExactlyInAnyOrder("main.gold.daily|WRITE|-|-",
				"main.sales.orders|READ|-|-");
		RollupAssertions.assertRollupsMatchFacts(jdbc, "%");
	}

	@Test
	void mostlyNewRowsSendTheReadBackToWholeRows() throws SQLException {
		save(1, 8);
		IngestionRun first = ingestion.runIncremental(RunKind.MANUAL);
		save(9, 20);
		Instant end = T0.plus(1, ChronoUnit.HOURS);

		Handed handed = read(first.windowStart(), end, Set.of());
		IngestionRun again = ingestion.backfill(first.windowStart(), end);

		assertThat(handed.whole).containsAll(ids(9, 20)).doesNotHaveDuplicates();
		assertThat(handed.unchanged).isPositive();
		assertThat(handed.whole.size() + handed.unchanged).isEqualTo(20);
		assertThat(again.rowsRead()).isEqualTo(20);
		assertThat(again.rowsChanged()).isEqualTo(12);
		assertThat(IngestionTestSupport.history(jdbc)).hasSize(20);
		RollupAssertions.assertRollupsMatchFacts(jdbc, "%");
	}

	@Test
	void rowsSharingAnUpdateTimeAcrossASwitchAreHandedOverOnce() throws SQLException {
		for (int i = 1; i <= 12; i++) {
			history.row("s%02d".formatted(i)).text("SELECT * FROM main.sales.orders").user("ann")
				.set("start_time", T0).updated(T0.plusSeconds(1)).save();
		}
		Set<String> stored = new HashSet<>(ids(1, 8));

		Handed handed = read(T0, T0.plus(1, ChronoUnit.HOURS), stored);

		assertThat(handed.whole).containsExactlyInAnyOrderElementsOf(ids(1, 4, 9, 12));
		assertThat(handed.unchanged).isEqualTo(4);
	}

	/** What a read hands over when the store holds the given statements (or, when none are named, the store's). */
	private Handed read(IngestionRun run, Set<String> stored) throws SQLException {
		return read(run.windowStart(), run.windowEnd(), stored);
	}

	private Handed read(Instant from, Instant to, Set<String> held) throws SQLException {
		Set<String> stored = held.isEmpty() ? new HashSet<>(IngestionTestSupport.history(jdbc).stream()
			.map(row -> row.split("\\|")[0])
			.toList()) : held;
		Handed handed = new Handed();
		reader.read(sources.primary(), from, to, 4, new HistoryReader.BatchHandler() {

			@Override
			public int handle(HistoryReader.Batch batch) {
				int newer = 0;
				for (HistoryRow row : batch.rows()) {
					assertThat(handed.whole).doesNotContain(row.statementId());
					handed.whole.add(row.statementId());
					newer += stored.contains(row.statementId()) ? 0 : 1;
				}
				handed.unchanged += batch.unchanged();
				return newer;
			}

			@Override
			public Set<String> current(List<HistoryReader.RowKey> keys) {
				Set<String> current = new HashSet<>();
				keys.forEach(key -> {
					if (stored.contains(key.statementId())) {
						current.add(key.statementId());
					}
				});
				return current;
			}

		});
		return handed;
	}

	private void save(int first, int last) {
		for (int i = first; i <= last; i++) {
			history.row("s%02d".formatted(i)).text("SELECT * FROM main.sales.orders").user("ann").started(T0.plusSeconds(i))
				.save();
		}
	}

	private static List<String> ids(int first, int last) {
		List<String> ids = new ArrayList<>();
		for (int i = first; i <= last; i++) {
			ids.add("s%02d".formatted(i));
		}
		return ids;
	}

	private static List<String> ids(int first, int last, int then, int end) {
		List<String> ids = ids(first, last);
		ids.addAll(ids(then, end));
		return ids;
	}

	private static final class Handed {

		final List<String> whole = new ArrayList<>();

		int unchanged;

	}

}
