package io.lakegov.archive.shed;

import java.sql.SQLException;
import java.util.Map;

import io.lakegov.archive.ArchiveProperties;
import io.lakegov.store.StoreProperties;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;
import org.springframework.dao.CannotAcquireLockException;
import org.springframework.jdbc.UncategorizedSQLException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Detail leaves the store only for an archive: detail retention without one refuses to start; a removal gives
 * way to writers on a lock timeout or a deadlock, and fails on anything else.
 */
class DetailShedderTests {

	@Test
	void refusesDetailRetentionWithoutTheArchive() {
		assertThatThrownBy(() -> shedder(Map.of("lakegov.store.detail-retention", "90d")))
			.isInstanceOf(IllegalStateException.class)
			.hasMessageContaining("lakegov.archive.enabled");
	}

	@Test
	void startsWithTheArchiveOrWithoutDetailRetention() {
		assertThatCode(() -> shedder(Map.of())).doesNotThrowAnyException();
		assertThatCode(() -> shedder(Map.of("lakegov.store.detail-retention", "90d", "lakegov.archive.enabled", "true",
				"lakegov.archive.schema", "main.audit"))).doesNotThrowAnyException();
	}

	@Test
	void givesWayOnALockTimeoutOrADeadlockOnly() {
		assertThat(DetailShedder.gaveWay(failure("55P03"))).isTrue();
		assertThat(DetailShedder.gaveWay(failure("40P01"))).isTrue();
		assertThat(DetailShedder.gaveWay(new CannotAcquireLockException("busy"))).isTrue();
		assertThat(DetailShedder.gaveWay(failure("23505"))).isFalse();
	}

	private static UncategorizedSQLException failure(String state) {
		return new UncategorizedSQLException("shed", "DELETE", new SQLException("failed", state));
	}

	private static DetailShedder shedder(Map<String, String> values) {
		Binder binder = new Binder(new MapConfigurationPropertySource(values));
		return new DetailShedder(binder.bindOrCreate("lakegov.store", StoreProperties.class),
				binder.bindOrCreate("lakegov.archive", ArchiveProperties.class), null, null, null,
				new SimpleMeterRegistry());
	}

}
