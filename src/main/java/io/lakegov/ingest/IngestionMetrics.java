package io.lakegov.ingest;

import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;

import org.springframework.stereotype.Component;

/**
 * What operators watch: how far ingestion lags behind now, how much is waiting, how many statements the
 * analyser could not understand, and whether runs fail or read nothing.
 */
@Component
class IngestionMetrics {

	private final Counter rows;

	private final Counter rejected;

	private final Counter analysed;

	private final Counter unanalysable;

	private final Counter succeeded;

	private final Counter failed;

	private final AtomicLong zeroRowsAlert = new AtomicLong();

	private final AtomicLong backlog = new AtomicLong();

	private final AtomicLong unanalysableLastBatch = new AtomicLong();

	private final AtomicLong refreshedLastBatch = new AtomicLong();

	IngestionMetrics(MeterRegistry registry, WatermarkRepository watermark, Clock clock) {
		rows = Counter.builder("lakegov.ingest.rows").description("Query history rows read").register(registry);
		rejected = Counter.builder("lakegov.ingest.rows.rejected")
			.description("Rows without statement_id or update_time")
			.register(registry);
		analysed = Counter.builder("lakegov.analysis.texts").description("Statement texts parsed").register(registry);
		unanalysable = Counter.builder("lakegov.analysis.unanalysable")
			.description("Statements whose tables could not be determined")
			.register(registry);
		succeeded = Counter.builder("lakegov.ingest.runs").tag("status", "SUCCEEDED").register(registry);
		failed = Counter.builder("lakegov.ingest.runs").tag("status", "FAILED").register(registry);
		Gauge.builder("lakegov.ingest.lag.seconds", () -> watermark.current()
			.map(mark -> (double) Duration.between(mark, clock.instant()).toSeconds())
			.orElse(Double.NaN)).description("Time between now and the newest update_time ingested").register(registry);
		Gauge.builder("lakegov.ingest.backlog.rows", backlog, AtomicLong::get)
			.description("Rows of the current run's window not yet ingested")
			.register(registry);
		Gauge.builder("lakegov.ingest.zero.rows.alert", zeroRowsAlert, AtomicLong::get)
			.description("1 when the last run read nothing for longer than lakegov.ingest.zero-rows-alert-after")
			.register(registry);
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

	void backlog(long rows) {
		backlog.set(Math.max(0, rows));
	}

	void runFinished(boolean success, boolean alert) {
		backlog.set(0);
		(success ? succeeded : failed).increment();
		zeroRowsAlert.set(alert ? 1 : 0);
	}

	private double failureRatio() {
		long total = refreshedLastBatch.get();
		return total == 0 ? 0 : (double) unanalysableLastBatch.get() / total;
	}

}
