package io.lakegov.usage.bench;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

import io.lakegov.sql.StatementAnalyzer;

/**
 * {@code query_history} rows of generated statements in COPY text format: who ran it when, through which
 * source, its shape (the text hash; the generator derives one analysis per shape) and what it cost.
 * Jobs and pipelines run for minutes, dashboards, alerts and saved queries for seconds, people's
 * statements in between; bytes read grow with the duration.
 */
final class HistoryLines {

	static final String COPY = """
			COPY query_history (source, statement_id, executed_by, execution_status, statement_type, total_duration_ms, read_bytes,
			    start_time, end_time, update_time, text_hash, analyzer_version, analysis_status, source_kind, source_id,
			    first_seen_at, last_changed_at) FROM STDIN""";

	private final StringBuilder out = new StringBuilder(1 << 23);

	void clear() {
		out.setLength(0);
	}

	void add(String id, String user, String time, String sourceKind, String sourceId, String shape,
			SplittableRandom random) {
		long duration = switch (sourceKind) {
			case "JOB", "PIPELINE" -> 20_000 + random.nextInt(600_000);
			case "DASHBOARD", "ALERT", "SQL_QUERY" -> 100 + random.nextInt(5_000);
			default -> 500 + random.nextInt(60_000);
		};
		long bytes = duration * (1_000 + random.nextInt(100_000));
		out.append("default\t").append(id).append('\t').append(user).append("\tFINISHED\tSELECT\t").append(duration).append('\t')
			.append(bytes).append('\t').append(time).append('\t').append(time).append('\t').append(time).append('\t')
			.append('h').append(shape).append('\t').append(StatementAnalyzer.VERSION).append("\tANALYZED\t")
			.append(sourceKind).append('\t').append(sourceId).append('\t').append(time).append('\t').append(time)
			.append('\n');
	}

	byte[] bytes() {
		return out.toString().getBytes(StandardCharsets.UTF_8);
	}

}
