package io.lakegov.archive.outbox;

import java.lang.management.ManagementFactory;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
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

	/** How many statements set aside one pass tries again, each alone. */
	static final int SET_ASIDE_PER_PASS = 3;

	/** How many other statements are tried alone after one was refused alone, to tell it from a warehouse away. */
	static final int PROBES = 4;

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
		Optional<ArchiveOutboxRepository.Claim> claim = outbox.claim(source.name(), holder, properties.lease());
		if (claim.isEmpty()) {
			return Optional.empty();
		}
		ArchiveSchema schema = ArchiveSchema.of(name.get());
		Round round = new Round(source.name(), schema,
				new Warehouse(source.database().dataSource(), properties.queryTimeout()));
		try {
			if (claim.get().schemaVersion() < migrations.latest()) {
				int now = migrations.migrate(round.warehouse, schema);
				outbox.migrated(source.name(), now);
				log.info("Archive {} of source {} is at schema version {}", schema, source.name(), now);
			}
			if (!round.tryAgainSetAside()) {
				return round.leaseLost();
			}
			int limit = claim.get().batchLimit() == null ? properties.batchStatements() : claim.get().batchLimit();
			List<ArchiveOutboxRepository.Entry> entries;
			int asked;
			do {
				asked = limit;
				entries = outbox.pending(source.name(), asked);
				if (entries.isEmpty()) {
					break;
				}
				if (!round.writeOrIsolate(entries)) {
					return round.leaseLost();
				}
				if (limit < properties.batchStatements()) {
					int wider = Math.min(properties.batchStatements(), limit * 2);
					outbox.limit(source.name(), holder, wider == properties.batchStatements() ? null : wider);
					limit = wider;
				}
			}
			while (entries.size() == asked);
			outbox.release(source.name(), holder);
			return Optional.of(new Pass(source.name(), round.written, null));
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
			return Optional.of(new Pass(source.name(), round.written, error));
		}
	}

	/** What trying other statements alone, after one was refused alone, came to. */
	private enum Isolation {
		/** The warehouse took one: those it refused alone are set aside. */
		SET_ASIDE,
		/** The lease ran out while writing. */
		LEASE_LOST,
		/** It took none: the warehouse may be away. */
		NONE_TAKEN
	}

	/** One pass over a source's archive: what it writes, and how it finds a statement the warehouse refuses. */
	private final class Round {

		private final String source;

		private final ArchiveSchema schema;

		private final Warehouse warehouse;

		private int written;

		Round(String source, ArchiveSchema schema, Warehouse warehouse) {
			this.source = source;
			this.schema = schema;
			this.warehouse = warehouse;
		}

		/**
		 * Writes the entries. When the warehouse refuses them, a batch of several statements narrows the next
		 * batches to a tenth of it and fails the pass (the warehouse may be away); a statement alone is set aside
		 * if the warehouse takes the next statement alone, so that it no longer holds up the others. False when
		 * the lease ran out while writing.
		 */
		boolean writeOrIsolate(List<ArchiveOutboxRepository.Entry> entries) throws SQLException {
			Set<String> statements = statements(entries);
			try {
				return write(entries, statements);
			}
			catch (SQLException | RuntimeException ex) {
				if (ex instanceof DataAccessException) {
					throw ex;
				}
				if (statements.size() > 1) {
					outbox.limit(source, holder, Math.max(1, statements.size() / 10));
					throw ex;
				}
				Isolation isolation = isolate(statements.iterator().next(), FailureText.describe(ex));
				if (isolation == Isolation.NONE_TAKEN) {
					throw ex;
				}
				return isolation == Isolation.SET_ASIDE;
			}
		}

		/**
		 * After the warehouse refused a statement alone, tries a few others alone: the next ones queued and the
		 * newest (refused statements often come in a row, from one job). Once it takes one, the statements it
		 * refused alone are set aside. When it takes none, the warehouse may be away, and nothing is set aside.
		 */
		private Isolation isolate(String first, String firstRefusal) throws SQLException {
			Map<String, String> refused = new LinkedHashMap<>();
			refused.put(first, firstRefusal);
			for (ArchiveOutboxRepository.Entry probe : outbox.probes(source, first, PROBES)) {
				try {
					if (!write(List.of(probe), Set.of(probe.statementId()))) {
						return Isolation.LEASE_LOST;
					}
				}
				catch (SQLException | RuntimeException ex) {
					if (ex instanceof DataAccessException) {
						throw ex;
					}
					refused.put(probe.statementId(), FailureText.describe(ex));
					continue;
				}
				refused.forEach((statement, refusal) -> {
					outbox.setAside(source, statement, refusal, properties.retryMax());
					metrics.setAside(source);
					log.warn("The archive of source {} refuses statement {} alone while it takes others; it is set "
							+ "aside, still queued, and tried again alone in {}: {}", source, statement,
							properties.retryMax(), refusal);
				});
				return Isolation.SET_ASIDE;
			}
			return Isolation.NONE_TAKEN;
		}

		/**
		 * Tries the statements set aside whose time came, each alone: written, they leave the outbox; refused
		 * again, they wait once more. False when the lease ran out while writing.
		 */
		boolean tryAgainSetAside() throws SQLException {
			Map<String, List<ArchiveOutboxRepository.Entry>> due = new LinkedHashMap<>();
			for (ArchiveOutboxRepository.Entry entry : outbox.dueAgain(source, properties.batchStatements())) {
				if (due.size() < SET_ASIDE_PER_PASS || due.containsKey(entry.statementId())) {
					due.computeIfAbsent(entry.statementId(), id -> new ArrayList<>()).add(entry);
				}
			}
			for (Map.Entry<String, List<ArchiveOutboxRepository.Entry>> statement : due.entrySet()) {
				try {
					if (!write(statement.getValue(), Set.of(statement.getKey()))) {
						return false;
					}
					log.info("The archive of source {} took statement {}, set aside before", source, statement.getKey());
				}
				catch (SQLException | RuntimeException ex) {
					if (ex instanceof DataAccessException) {
						throw (DataAccessException) ex;
					}
					outbox.setAside(source, statement.getKey(), FailureText.describe(ex), properties.retryMax());
				}
			}
			return true;
		}

		private boolean write(List<ArchiveOutboxRepository.Entry> entries, Set<String> statements) throws SQLException {
			ArchiveBatch batch = store.load(source, statements);
			long started = System.nanoTime();
			writer.write(warehouse, schema, batch, horizon.closedBefore());
			metrics.written(source, statements.size(), Duration.ofNanos(System.nanoTime() - started));
			if (!outbox.written(source, holder, entries.stream().map(ArchiveOutboxRepository.Entry::id).toList(),
					statements, properties.lease())) {
				return false;
			}
			written += statements.size();
			return true;
		}

		Optional<Pass> leaseLost() {
			log.warn("The archive of source {} was taken over while this replica wrote (the lease of {} ran out); "
					+ "what it wrote is queued again", source, properties.lease());
			return Optional.of(new Pass(source, written, "lease lost while writing"));
		}

		private static Set<String> statements(List<ArchiveOutboxRepository.Entry> entries) {
			Set<String> statements = new LinkedHashSet<>();
			entries.forEach(entry -> statements.add(entry.statementId()));
			return statements;
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
						migrations.latest(), 0, null, null, 0, 0, null, null, null, 0));
				continue;
			}
			ArchiveStatus.State now = state.failures() > 0 ? ArchiveStatus.State.PAUSED
					: state.backlog() > 0 ? ArchiveStatus.State.BEHIND : ArchiveStatus.State.CURRENT;
			archives.add(new ArchiveStatus.SourceArchive(source.name(), state.schema(), now, state.schemaVersion(),
					migrations.latest(), state.backlog(), state.oldestQueuedAt(), state.lastWrittenAt(),
					state.statementsWritten(), state.failures(), state.lastError(), state.lastErrorAt(),
					state.nextAttemptAt(), state.setAside()));
		}
		return new ArchiveStatus(properties.enabled(), archives, null);
	}

}
