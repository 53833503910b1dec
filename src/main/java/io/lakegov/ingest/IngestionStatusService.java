package io.lakegov.ingest;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import io.lakegov.history.HistorySource;
import io.lakegov.history.Sources;
import io.lakegov.ingest.batch.MaskedTexts;
import io.lakegov.ingest.lineage.LineageCoverage;
import io.lakegov.sql.StatementAnalyzer;

import org.springframework.boot.health.contributor.Health;
import org.springframework.stereotype.Service;

/** Answers what the status endpoints and the run listing need, per source. */
@Service
public class IngestionStatusService {

	private final IngestionRunRepository runs;

	private final WatermarkRepository watermark;

	private final Sources sources;

	private final Clock clock;

	private final IngestHealthProperties health;

	private final LineageCoverage coverage;

	private final IngestionHealthIndicator indicator;

	IngestionStatusService(IngestionRunRepository runs, WatermarkRepository watermark, Sources sources, Clock clock,
			IngestHealthProperties health, LineageCoverage coverage, IngestionHealthIndicator indicator) {
		this.coverage = coverage;
		this.indicator = indicator;
		this.runs = runs;
		this.health = health;
		this.watermark = watermark;
		this.sources = sources;
		this.clock = clock;
	}

	/** The status of the only source (there must be one source only). */
	IngestionStatus current() {
		return current(sources.only().orElseThrow(() -> new IllegalStateException("several sources: name one")));
	}

	IngestionStatus current(HistorySource source) {
		String name = source.name();
		Instant mark = watermark.current(name).orElse(null);
		// as the health details: the newest good run that read rows (a re-analysis or a quiet run says nothing)
		Double masked = runs.latestSuccessWithRows(name)
			.map(run -> MaskedTexts.share(run.rowsMasked(), run.rowsRead()))
			.orElse(null);
		IngestionStatus.LineageStatus lineage = lineage(source);
		Health assessed = indicator.assess(source);
		Object reason = assessed.getDetails().get("reason");
		return new IngestionStatus(name, mark, mark == null ? null : Duration.between(mark, clock.instant()).toSeconds(),
				runs.latest(name, RunStatus.RUNNING).orElse(null), runs.latest(name, RunStatus.SUCCEEDED).orElse(null),
				runs.latest(name, RunStatus.FAILED).orElse(null), source.database().description(),
				StatementAnalyzer.VERSION, masked, advice(masked, lineage), lineage, assessed.getStatus().getCode(),
				reason == null ? null : reason.toString());
	}

	/** The status of every enabled source, in configuration order, and the names of the disabled ones. */
	public IngestionSources all() {
		List<IngestionStatus> each = sources.enabled().stream().map(this::current).toList();
		return new IngestionSources(each, sources.disabled());
	}

	/** What to do about masked texts, with what the lineage covers of them and what it does not. */
	private String advice(Double masked, IngestionStatus.LineageStatus lineage) {
		String advice = MaskedTexts.advice(masked, health.maskedWarningShare());
		if (advice == null) {
			return null;
		}
		String coverage = String.format(Locale.ROOT,
				" Of the %,d masked statements stored, the engine's lineage gives the tables of %,d; %,d %s unknown.",
				lineage.maskedStatements(), lineage.maskedWithLineage(), lineage.maskedWithoutLineage(),
				lineage.maskedWithoutLineage() == 1 ? "remains" : "remain");
		String grant = "UNAVAILABLE".equals(lineage.lastStatus())
				? " lakegov cannot read " + lineage.table() + ": grant the principal SELECT on it (and USE SCHEMA on its "
						+ "schema), which gives the tables of many masked statements."
				: "";
		return advice + coverage + grant;
	}

	private IngestionStatus.LineageStatus lineage(HistorySource source) {
		LineageCoverage.Counts counts = coverage.counts(source.name());
		IngestionRun.Lineage last = runs.latestLineage(source.name()).orElse(null);
		return new IngestionStatus.LineageStatus(source.database().lineageTable(), last == null ? null : last.status(),
				last == null ? null : last.error(),
				watermark.current(source.name(), WatermarkRepository.LINEAGE).orElse(null), counts.maskedStatements(),
				counts.maskedStatements() - counts.maskedWithoutLineage(), counts.maskedWithoutLineage(),
				counts.lineageOnlyStatements(), counts.disagreements(), counts.unnamedRows());
	}

	public Optional<IngestionRun> run(long id) {
		return runs.find(id);
	}

	public long runCount(String source) {
		return runs.count(source);
	}

}
