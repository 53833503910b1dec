package io.lakegov.archive.outbox;

import java.time.Duration;
import java.util.List;

import io.lakegov.support.IntegrationTest;
import io.lakegov.support.StoreReset;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A replica whose lease on a source's archive ran out while it wrote (a stalled warehouse) does not take the
 * entries off the outbox as written: another replica may have written the same statements newer in between,
 * so they are queued again for the archive's holder to write as the store has them now.
 */
@IntegrationTest
class ArchiveLeaseIntegrationTests {

	static final Duration LEASE = Duration.ofMinutes(10);

	@Autowired
	ArchiveOutboxRepository outbox;

	@Autowired
	JdbcClient jdbc;

	@BeforeEach
	void reset() {
		StoreReset.reset(jdbc);
		outbox.register("default", "lakegov_archive");
		jdbc.sql("INSERT INTO archive_outbox (source, statement_id) VALUES ('default', 's1'), ('default', 's2')").update();
	}

	@Test
	void theHolderTakesWhatItWroteOffTheOutbox() {
		assertThat(outbox.claim("default", "a", LEASE)).isPresent();
		List<ArchiveOutboxRepository.Entry> entries = outbox.pending("default", 10);

		assertThat(outbox.written("default", "a", ids(entries), List.of("s1", "s2"), LEASE)).isTrue();
		assertThat(outbox.pending("default", 10)).isEmpty();
		assertThat(jdbc.sql("SELECT statements_written FROM archive_source").query(Long.class).single()).isEqualTo(2);
	}

	@Test
	void aHolderWhoseLeaseRanOutQueuesWhatItWroteAgain() {
		assertThat(outbox.claim("default", "a", LEASE)).isPresent();
		List<ArchiveOutboxRepository.Entry> entries = outbox.pending("default", 10);
		// a stalls on the warehouse past its lease; b takes the archive over, writes both and takes them off
		jdbc.sql("UPDATE archive_source SET lease_until = now() - interval '1 second'").update();
		assertThat(outbox.claim("default", "b", LEASE)).isPresent();
		assertThat(outbox.written("default", "b", ids(entries), List.of("s1", "s2"), LEASE)).isTrue();

		assertThat(outbox.written("default", "a", ids(entries), List.of("s1", "s2"), LEASE)).isFalse();
		assertThat(outbox.pending("default", 10)).extracting(ArchiveOutboxRepository.Entry::statementId)
			.containsExactlyInAnyOrder("s1", "s2");
		assertThat(jdbc.sql("SELECT holder || ' ' || statements_written FROM archive_source").query(String.class).single())
			.isEqualTo("b 2");
	}

	private static List<Long> ids(List<ArchiveOutboxRepository.Entry> entries) {
		return entries.stream().map(ArchiveOutboxRepository.Entry::id).toList();
	}

}
