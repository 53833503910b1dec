package io.lakegov.archive;

import io.lakegov.archive.outbox.Archiver;

import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.dao.DataAccessException;
import org.springframework.stereotype.Component;

/**
 * The health contributor {@code archive}: DOWN while a source's archive is paused
 * after a failure, with each source's state, backlog and last error as details. It reads only the store, never
 * the warehouse. Not part of the readiness group, so that a stopped warehouse does not take the API out of its
 * Service.
 */
@Component("archiveHealthIndicator")
@ConditionalOnProperty(name = "lakegov.archive.enabled", havingValue = "true")
class ArchiveHealthIndicator implements HealthIndicator {

	private final Archiver archiver;

	ArchiveHealthIndicator(Archiver archiver) {
		this.archiver = archiver;
	}

	@Override
	public Health health() {
		try {
			ArchiveStatus status = archiver.status();
			boolean paused = status.sources().stream().anyMatch(source -> source.state() == ArchiveStatus.State.PAUSED);
			Health.Builder health = paused ? Health.down() : Health.up();
			status.sources().forEach(source -> health.withDetail(source.source(), source));
			return health.build();
		}
		catch (DataAccessException ex) {
			return Health.down().withDetail("reason", "the store cannot be read").build();
		}
	}

}
