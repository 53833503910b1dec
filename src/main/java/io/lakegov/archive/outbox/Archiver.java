package io.lakegov.archive.outbox;

import java.lang.management.ManagementFactory;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.random.RandomGenerator;

import io.lakegov.archive.ArchiveProperties;
import io.lakegov.archive.ArchiveStatus;
import io.lakegov.archive.delta.ArchiveBatch;
import io.lakegov.archive.delta.ArchiveMigrations;
import io.lakegov.archive.delta.ArchiveSchema;
import io.lakegov.archive.delta.ArchiveWriter;
import io.lakegov.archive.delta.Warehouse;
import io.lakegov.history.HistorySource;
import io.lakegov.history.Sources;
import io.lakegov.usage.DetailHorizon;
import io.lakegov.web.Backoff;
import io.lakegov.web.FailureText;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.dao.DataAccessException;
import org.springframework.stereotype.Service;

/**
 * Writes the outbox into each source's archive. One replica at a time writes a source's archive (a lease on
 * its {@code archive_source} row, taken over when its holder dies); it brings the archive's schema up to date,
 * then writes the queued statements batch by batch, each with what the store holds of them at that moment,
 * and removes exactly the entries it wrote. A warehouse that is stopped or refuses a statement pauses that
 * source's archive with an exponential backoff; ingestion never waits for it, and nothing queued is lost.
 */
@Service
public class Archiver {

	private static final Logger log = LoggerFactory.getLogger(Archiver.class);

	private final Sources sources;

	private final ArchiveProperties properties;

	private final ArchiveOutboxRepository outbox;

	private final StoreDetail store;

	private final ArchiveMetrics metrics;

	private final DetailHorizon horizon;

	private final ArchiveMigrations migrations;

	private final ArchiveWriter writer;

	private final Backoff backoff;

	private final RandomGenerator random = RandomGenerator.getDefault();

	private final String holder = ManagementFactory.getRuntimeMXBean().getName() + "/" + UUID.randomUUID();

	Archiver(Sources sources, ArchiveProperties properties, ArchiveOutboxRepository outbox, StoreDetail store,
			ArchiveMetrics metrics, DetailHorizon horizon) {
		this.sources = sources;
		this.horizon = horizon;
		this.properties = properties;
		this.backoff = new Backoff(properties.retryInitial(), properties.retryMax());
		this.outbox = outbox;
		this.store = store;
		this.metrics = metrics;
		this.migrations = new ArchiveMigrations(ArchiveMigrations.ALL);
		this.writer = new ArchiveWriter((int) Math.min(Integer.MAX_VALUE, properties.maxStatementSize().toBytes()));
	}

	/** What one pass over a source did. */
	public record Pass(String source, int statements, String error) {
	}

	/** Writes what is queued for every source whose archive is due; what each pass did. */
	public synchronized List<Pass> archiveDue() {
		List<Pass> passes = sources.enabled().stream().map(this::archive).flatMap(Optional::stream).toList();
		metrics.observe(outbox.states());
		return passes;
	}

	/** Registers every source's archive, so that what the store held before it is queued. */
	public void register() {
		for (HistorySource source : sources.enabled()) {
			properties.schemaOf(source.name()).ifPresent(schema -> outbox.register(source.name(), schema));
		}
	}

	private Optional<Pass> archive(HistorySource source) {
		Optional<String> name = properties.schemaOf(source.name());
		if (name.isEmpty()) {
			return Optional.empty();
		}
		outbox.register(source.name(), name.get());
		Optional<Integer> version = outbox.claim(source.name(), holder, properties.lease());
		if (version.isEmpty()) {
			return Optional.empty();
		}
		ArchiveSchema schema = ArchiveSchema.of(name.get());
		Warehouse warehouse = new Warehouse(source.database().dataSource(), properties.queryTimeout());
		int written = 0;
		try {
			if (version.get() < migrations.latest()) {
				int now = migrations.migrate(warehouse, schema);
				outbox.migrated(source.name(), now);
				log.info("Archive {} of source {} is at schema version {}", schema, source.name(), now);
			}
			List<ArchiveOutboxRepository.Entry> entries;
			do {
				entries = outbox.pending(source.name(), properties.batchStatements());
				if (entries.isEmpty()) {
					break;
				}
				Set<String> statements = new LinkedHashSet<>();
				entries.forEach(entry -> statements.add(entry.statementId()));
				ArchiveBatch batch = store.load(source.name(), statements);
				long started = System.nanoTime();
				writer.write(warehouse, schema, batch, horizon.closedBefore());
				metrics.written(source.name(), statements.size(), Duration.ofNanos(System.nanoTime() - started));
				if (!outbox.written(source.name(), holder,
						entries.stream().map(ArchiveOutboxRepository.Entry::id).toList(), statements, properties.lease())) {
					log.warn("The archive of source {} was taken over while this replica wrote (the lease of {} ran out); "
							+ "its {} statements are queued again", source.name(), properties.lease(), statements.size());
					return Optional.of(new Pass(source.name(), written, "lease lost while writing"));
				}
				written += statements.size();
			}
			while (entries.size() == properties.batchStatements());
			outbox.release(source.name(), holder);
			return Optional.of(new Pass(source.name(), written, null));
		}
		catch (SQLException | RuntimeException ex) {
			if (ex instanceof DataAccessException) {
				// the store itself failed: nothing to record there; the lease runs out
				throw (DataAccessException) ex;
			}
			String error = FailureText.describe(ex);
			int failures = outbox.failures(source.name()) + 1;
			Duration retryAfter = backoff.after(failures, random);
			outbox.failed(source.name(), holder, error, retryAfter);
			metrics.failed(source.name());
			log.warn("Could not write the archive of source {} ({} failure(s) in a row), trying again in {}: {}",
					source.name(), failures, retryAfter, error);
			return Optional.of(new Pass(source.name(), written, error));
		}
	}

	/** Where each source's archive stands, as the store records it. */
	public ArchiveStatus status() {
		Map<String, ArchiveOutboxRepository.State> states = new HashMap<>();
		outbox.states().forEach(state -> states.put(state.source(), state));
		List<ArchiveStatus.SourceArchive> archives = new ArrayList<>();
		for (HistorySource source : sources.enabled()) {
			Optional<String> schema = properties.schemaOf(source.name());
			if (schema.isEmpty()) {
				continue;
			}
			ArchiveOutboxRepository.State state = states.get(source.name());
			if (state == null) {
				archives.add(new ArchiveStatus.SourceArchive(source.name(), schema.get(), ArchiveStatus.State.CURRENT, 0,
						migrations.latest(), 0, null, null, 0, 0, null, null, null));
				continue;
			}
			ArchiveStatus.State now = state.failures() > 0 ? ArchiveStatus.State.PAUSED
					: state.backlog() > 0 ? ArchiveStatus.State.BEHIND : ArchiveStatus.State.CURRENT;
			archives.add(new ArchiveStatus.SourceArchive(source.name(), state.schema(), now, state.schemaVersion(),
					migrations.latest(), state.backlog(), state.oldestQueuedAt(), state.lastWrittenAt(),
					state.statementsWritten(), state.failures(), state.lastError(), state.lastErrorAt(),
					state.nextAttemptAt()));
		}
		return new ArchiveStatus(properties.enabled(), archives, null);
	}

}
