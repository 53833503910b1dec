package io.lakegov.ingest;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

import io.lakegov.history.SourceDatabase;
import io.lakegov.sql.StatementAnalyzer;

import org.springframework.stereotype.Service;

/** Answers what the status endpoint and the run listing need. */
@Service
class IngestionStatusService {

	private final IngestionRunRepository runs;

	private final WatermarkRepository watermark;

	private final SourceDatabase source;

	private final Clock clock;

	private final IngestHealthProperties health;

	IngestionStatusService(IngestionRunRepository runs, WatermarkRepository watermark, SourceDatabase source,
			Clock clock, IngestHealthProperties health) {
		this.runs = runs;
		this.health = health;
		this.watermark = watermark;
		this.source = source;
		this.clock = clock;
	}

	IngestionStatus current() {
		Instant mark = watermark.current().orElse(null);
		// as the health details: the newest good run that read rows (a re-analysis or a quiet run says nothing)
		Double masked = runs.latestSuccessWithRows()
			.map(run -> MaskedTexts.share(run.rowsMasked(), run.rowsRead()))
			.orElse(null);
		return new IngestionStatus(mark, mark == null ? null : Duration.between(mark, clock.instant()).toSeconds(),
				runs.latest(RunStatus.RUNNING).orElse(null), runs.latest(RunStatus.SUCCEEDED).orElse(null),
				runs.latest(RunStatus.FAILED).orElse(null),
				source.description(), StatementAnalyzer.VERSION, masked,
				MaskedTexts.advice(masked, health.maskedWarningShare()));
	}

	Optional<IngestionRun> run(long id) {
		return runs.find(id);
	}

	long runCount() {
		return runs.count();
	}

}
