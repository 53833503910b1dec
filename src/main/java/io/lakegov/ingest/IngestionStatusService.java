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

	private final LineageCoverage coverage;

	IngestionStatusService(IngestionRunRepository runs, WatermarkRepository watermark, SourceDatabase source,
			Clock clock, IngestHealthProperties health, LineageCoverage coverage) {
		this.coverage = coverage;
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
		IngestionStatus.LineageStatus lineage = lineage();
		return new IngestionStatus(mark, mark == null ? null : Duration.between(mark, clock.instant()).toSeconds(),
				runs.latest(RunStatus.RUNNING).orElse(null), runs.latest(RunStatus.SUCCEEDED).orElse(null),
				runs.latest(RunStatus.FAILED).orElse(null),
				source.description(), StatementAnalyzer.VERSION, masked, advice(masked, lineage), lineage);
	}

	/** What to do about masked texts, with what the lineage covers of them and what it does not. */
	private String advice(Double masked, IngestionStatus.LineageStatus lineage) {
		String advice = MaskedTexts.advice(masked, health.maskedWarningShare());
		if (advice == null) {
			return null;
		}
		String coverage = String.format(java.util.Locale.ROOT,
				" Of the %d masked statements stored, the engine's lineage gives the tables of %d; %d remain unknown.",
				lineage.maskedStatements(), lineage.maskedWithLineage(), lineage.maskedWithoutLineage());
		String grant = "UNAVAILABLE".equals(lineage.lastStatus())
				? " lakegov cannot read " + lineage.table() + ": grant the principal SELECT on it (and USE SCHEMA on its "
						+ "schema), which gives the tables of many masked statements."
				: "";
		return advice + coverage + grant;
	}

	private IngestionStatus.LineageStatus lineage() {
		LineageCoverage.Counts counts = coverage.counts();
		IngestionRun.Lineage last = runs.latestLineage().orElse(null);
		return new IngestionStatus.LineageStatus(source.lineageTable(), last == null ? null : last.status(),
				last == null ? null : last.error(), watermark.current(WatermarkRepository.LINEAGE).orElse(null),
				counts.maskedStatements(), counts.maskedStatements() - counts.maskedWithoutLineage(),
				counts.maskedWithoutLineage(), counts.lineageOnlyStatements(), counts.disagreements(),
				counts.unnamedRows());
	}

	Optional<IngestionRun> run(long id) {
		return runs.find(id);
	}

	long runCount() {
		return runs.count();
	}

}
