package io.lakegov.ingest;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import io.lakegov.history.HistorySource;
import io.lakegov.history.Sources;
import io.lakegov.sql.StatementAnalyzer;

import org.springframework.stereotype.Service;

/** Answers what the status endpoints and the run listing need, per source. */
@Service
class IngestionStatusService {

	private final IngestionRunRepository runs;

	private final WatermarkRepository watermark;

	private final Sources sources;

	private final Clock clock;

	private final IngestHealthProperties health;

	IngestionStatusService(IngestionRunRepository runs, WatermarkRepository watermark, Sources sources, Clock clock,
			IngestHealthProperties health) {
		this.runs = runs;
		this.health = health;
		this.watermark = watermark;
		this.sources = sources;
		this.clock = clock;
	}

	IngestionStatus current(HistorySource source) {
		String name = source.name();
		Instant mark = watermark.current(name).orElse(null);
		// as the health details: the newest good run that read rows (a re-analysis or a quiet run says nothing)
		Double masked = runs.latestSuccessWithRows(name)
			.map(run -> MaskedTexts.share(run.rowsMasked(), run.rowsRead()))
			.orElse(null);
		return new IngestionStatus(name, mark, mark == null ? null : Duration.between(mark, clock.instant()).toSeconds(),
				runs.latest(name, RunStatus.RUNNING).orElse(null), runs.latest(name, RunStatus.SUCCEEDED).orElse(null),
				runs.latest(name, RunStatus.FAILED).orElse(null), source.database().description(),
				StatementAnalyzer.VERSION, masked, MaskedTexts.advice(masked, health.maskedWarningShare()));
	}

	/** The status of every enabled source, in configuration order, and the names of the disabled ones. */
	IngestionSources all() {
		List<IngestionStatus> each = sources.enabled().stream().map(this::current).toList();
		return new IngestionSources(each, sources.disabled());
	}

	Optional<IngestionRun> run(long id) {
		return runs.find(id);
	}

	long runCount(String source) {
		return runs.count(source);
	}

}
