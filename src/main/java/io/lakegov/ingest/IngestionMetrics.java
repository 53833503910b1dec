package io.lakegov.ingest;

import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import io.lakegov.history.Sources;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

import org.springframework.stereotype.Component;

/**
 * What operators watch: how far ingestion lags behind now, how much is waiting, how many statements the
 * analyser could not understand, whether runs fail or read nothing, and what each run did and took.
 */
@Component
class IngestionMetrics {

	private final Counter rows;

	private final Counter rejected;

	private final Counter analysed;

	private final Counter unanalysable;

	private final Counter masked;

	private final MeterRegistry registry;

	private final DistributionSummary runRowsRead;

	private final DistributionSummary runRowsChanged;

	private final Timer readLatency;

	private final Timer countLatency;

	/** The gauges of each source and what its current run read so far. */
	private final Map<String, PerSource> sources = new HashMap<>();

	private final AtomicLong unanalysableLastBatch = new AtomicLong();

	private final AtomicLong refreshedLastBatch = new AtomicLong();

	IngestionMetrics(MeterRegistry registry, WatermarkRepository watermark, Sources sources, Clock clock) {
		rows = Counter.builder("lakegov.ingest.rows").description("Query history rows read").register(registry);
		rejected = Counter.builder("lakegov.ingest.rows.rejected")
			.description("Rows without statement_id or update_time")
			.register(registry);
		analysed = Counter.builder("lakegov.analysis.texts").description("Statement texts parsed").register(registry);
		unanalysable = Counter.builder("lakegov.analysis.unanalysable")
			.description("Statements whose tables could not be determined")
			.register(registry);
		masked = Counter.builder("lakegov.ingest.rows.masked")
			.description("Rows read whose statement text the source masked (<REDACTED>) or left empty")
			.register(registry);
		this.registry = registry;
		runRowsRead = DistributionSummary.builder("lakegov.ingest.run.rows")
			.tag("measure", "read")
			.description("Rows each run read")
			.register(registry);
		runRowsChanged = DistributionSummary.builder("lakegov.ingest.run.rows")
			.tag("measure", "changed")
			.description("Rows each run found new or newer than stored")
			.register(registry);
		readLatency = Timer.builder("lakegov.source.query.latency")
			.tag("query", "read")
			.description("Time from sending a history query until its first batch of rows (or its end)")
			.register(registry);
		countLatency = Timer.builder("lakegov.source.query.latency")
			.tag("query", "count")
			.description("Time a window's row count took on the source")
			.register(registry);
		for (String source : sources.names()) {
			PerSource of = new PerSource();
			this.sources.put(source, of);
			Gauge.builder("lakegov.ingest.last.run.rows.per.second", of.rowsPerSecond, IngestionMetrics::doubleOf)
				.tag("source", source)
				.description("Rows read per second by the source's last successful run")
				.register(registry);
			Gauge.builder("lakegov.ingest.masked.ratio", of.maskedRatio, IngestionMetrics::doubleOf)
				.tag("source", source)
				.description("Share of rows with a masked statement text in the source's last run that read rows")
				.register(registry);
			Gauge.builder("lakegov.ingest.zero.rows.alert", of.zeroRowsAlert, AtomicLong::get)
				.tag("source", source)
				.description("1 when the source's last run read nothing for longer than "
						+ "lakegov.ingest.zero-rows-alert-after")
				.register(registry);
			Counter.builder("lakegov.ingest.runs").tag("status", "SUCCEEDED").tag("source", source).register(registry);
			Counter.builder("lakegov.ingest.runs").tag("status", "FAILED").tag("source", source).register(registry);
			Gauge.builder("lakegov.ingest.lag.seconds", () -> watermark.current(source)
				.map(mark -> (double) Duration.between(mark, clock.instant()).toSeconds())
				.orElse(Double.NaN))
				.tag("source", source)
				.description("Time between now and the newest update_time ingested from the source")
				.register(registry);
			Gauge.builder("lakegov.ingest.backlog.rows", of.backlog, AtomicLong::get)
				.tag("source", source)
				.description("Rows of the window of the source's current run not yet ingested")
				.register(registry);
		}
		Gauge.builder("lakegov.analysis.failure.ratio", this, IngestionMetrics::failureRatio)
			.description("Share of statements in the last batch whose tables could not be determined")
			.register(registry);
	}

	void batch(int rowsRead, int textsAnalysed, int statementsUnanalysable, int rowsRejected) {
		rows.increment(rowsRead);
		rejected.increment(rowsRejected);
		analysed.increment(textsAnalysed);
		unanalysable.increment(statementsUnanalysable);
		refreshedLastBatch.set(rowsRead);
		unanalysableLastBatch.set(statementsUnanalysable);
	}

	/** A batch of this many rows was read from the source, this many of them with a masked text. */
	void read(String source, int rowsRead, int rowsMasked) {
		masked.increment(rowsMasked);
		PerSource of = sources.get(source);
		if (of != null) {
			of.runRows.addAndGet(rowsRead);
			of.runMasked.addAndGet(rowsMasked);
		}
	}

	void readLatency(Duration latency) {
		readLatency.record(latency);
	}

	void countLatency(Duration latency) {
		countLatency.record(latency);
	}

	void backlog(String source, long rows) {
		PerSource of = sources.get(source);
		if (of != null) {
			of.backlog.set(Math.max(0, rows));
		}
	}

	/** A run that read the source ended: its figures, duration by outcome, and its source's gauges. */
	void runFinished(IngestionRun run, boolean alert) {
		boolean success = RunStatus.SUCCEEDED.name().equals(run.status());
		backlog(run.source(), 0);
		Counter.builder("lakegov.ingest.runs").tag("status", run.status()).tag("source", run.source()).register(registry)
			.increment();
		Timer.builder("lakegov.ingest.run.duration")
			.tag("status", run.status())
			.tag("kind", run.kind())
			.description("How long runs took, by outcome")
			.register(registry)
			.record(Duration.ofMillis(run.durationMs()));
		runRowsRead.record(run.rowsRead());
		runRowsChanged.record(run.rowsChanged());
		PerSource of = sources.get(run.source());
		if (of == null) {
			return;
		}
		of.zeroRowsAlert.set(alert ? 1 : 0);
		if (success) {
			double seconds = Math.max(run.durationMs(), 1) / 1000.0;
			of.rowsPerSecond.set(Double.doubleToLongBits(run.rowsRead() / seconds));
		}
		long rowsOfRun = of.runRows.getAndSet(0);
		long maskedOfRun = of.runMasked.getAndSet(0);
		if (rowsOfRun > 0) {
			of.maskedRatio.set(Double.doubleToLongBits((double) maskedOfRun / rowsOfRun));
		}
	}

	private static double doubleOf(AtomicLong bits) {
		return Double.longBitsToDouble(bits.get());
	}

	/**
	 * One source's gauges (ratios and rates as double bits) and the rows its current run read so far: each run
	 * sets its own source's, so that a run of one source neither clears another's alert nor hides its ratio.
	 */
	private static final class PerSource {

		final AtomicLong zeroRowsAlert = new AtomicLong();

		final AtomicLong rowsPerSecond = new AtomicLong(Double.doubleToLongBits(Double.NaN));

		final AtomicLong maskedRatio = new AtomicLong(Double.doubleToLongBits(Double.NaN));

		final AtomicLong runRows = new AtomicLong();

		final AtomicLong runMasked = new AtomicLong();

		/** Rows of the current run's window not yet ingested. */
		final AtomicLong backlog = new AtomicLong();

	}

	private double failureRatio() {
		long total = refreshedLastBatch.get();
		return total == 0 ? 0 : (double) unanalysableLastBatch.get() / total;
	}

}
