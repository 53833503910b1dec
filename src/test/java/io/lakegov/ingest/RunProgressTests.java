package io.lakegov.ingest;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class RunProgressTests {

	final List<Long> backlog = new ArrayList<>();

	final RunProgress progress = new RunProgress(Instant.EPOCH, backlog::add);

	@Test
	void showsTheBacklogOnceTheWindowIsCountedWhateverCommittedBefore() {
		progress.read(300);
		assertThat(backlog).isEmpty();
		progress.counted(1000);
		progress.read(500);
		assertThat(backlog).containsExactly(700L, 200L);
		assertThat(progress.rowsRead()).isEqualTo(800);
	}

	@Test
	void aCountOrBatchArrivingAfterTheRunEndedLeavesTheBacklogAlone() {
		progress.read(300);
		progress.finish();
		progress.counted(1000);
		progress.read(100);
		assertThat(backlog).isEmpty();
	}

	@Test
	void countsSubmittedBatches() {
		assertThat(progress.submitted()).isEqualTo(1);
		assertThat(progress.submitted()).isEqualTo(2);
	}

	@Test
	void heldBatchesAddUpUntilCommittedAndKeepTheirNewestUpdate() {
		RunProgress.Held held = progress.held;
		held.add(5, 1, Instant.EPOCH.plusSeconds(20));
		held.add(4, 0, null);
		held.add(3, 2, Instant.EPOCH.plusSeconds(10));

		assertThat(held.batches).isEqualTo(3);
		assertThat(held.rows).isEqualTo(12);
		assertThat(held.masked).isEqualTo(3);
		assertThat(held.newest(null)).isEqualTo(Instant.EPOCH.plusSeconds(20));
		assertThat(held.newest(Instant.EPOCH.plusSeconds(30))).isEqualTo(Instant.EPOCH.plusSeconds(30));
		assertThat(held.newest(Instant.EPOCH)).isEqualTo(Instant.EPOCH.plusSeconds(20));
		assertThat(held.older(Duration.ofHours(1))).isFalse();

		held.committed();

		assertThat(held.batches).isZero();
		assertThat(held.rows).isZero();
		assertThat(held.masked).isZero();
		assertThat(held.newest(null)).isNull();
		assertThat(held.older(Duration.ZERO)).isTrue();
	}

}
