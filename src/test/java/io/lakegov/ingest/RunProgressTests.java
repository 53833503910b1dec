package io.lakegov.ingest;

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

}
