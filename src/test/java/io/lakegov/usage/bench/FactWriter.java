package io.lakegov.usage.bench;

import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.SplittableRandom;

import io.lakegov.usage.bench.Workspace.SourceDefinition;

/**
 * Generates one business day of statements as {@code table_access} rows in PostgreSQL's COPY text
 * format (tab-separated, {@code \N} for null), and each statement's {@code query_history} row (see
 * {@link HistoryLines}).
 */
final class FactWriter {

	private static final String NULL = "\\N";

	private final Workspace workspace;

	private final StringBuilder out = new StringBuilder(1 << 24);

	private final HistoryLines history = new HistoryLines();

	private final int[] tablesOfStatement = new int[8];

	private SplittableRandom random;

	private String dayText;

	private String dayPrefix;

	private long statements;

	FactWriter(Workspace workspace) {
		this.workspace = workspace;
	}

	/** Appends statements of the day until at least {@code facts} rows are written; returns the rows. */
	byte[] day(LocalDate day, int dayIndex, long facts, long seed) {
		random = new SplittableRandom(seed);
		dayText = day.toString();
		dayPrefix = "b" + Integer.toString(dayIndex, 36) + "-";
		statements = 0;
		out.setLength(0);
		history.clear();
		long written = 0;
		while (written < facts) {
			written += statement();
		}
		return out.toString().getBytes(StandardCharsets.UTF_8);
	}

	/** The history rows of the statements of the last {@link #day}. */
	byte[] history() {
		return history.bytes();
	}

	private int statement() {
		String id = dayPrefix + Long.toString(statements++, 36);
		int pick = random.nextInt(100);
		if (pick < 30) {
			SourceDefinition job = workspace.jobs[workspace.jobRuns.next(random)];
			return defined(id, job, job.owner());
		}
		if (pick < 35) {
			SourceDefinition pipeline = workspace.pipelines[random.nextInt(workspace.pipelines.length)];
			return defined(id, pipeline, pipeline.owner());
		}
		if (pick < 65) {
			SourceDefinition dashboard = workspace.dashboards[workspace.dashboardViews.next(random)];
			return defined(id, dashboard, random.nextBoolean() ? dashboard.owner() : humanUser());
		}
		if (pick < 69) {
			SourceDefinition alert = workspace.alerts[random.nextInt(workspace.alerts.length)];
			return defined(id, alert, alert.owner());
		}
		if (pick < 73) {
			SourceDefinition query = workspace.queries[random.nextInt(workspace.queries.length)];
			return defined(id, query, humanUser());
		}
		int user = workspace.userActivity.next(random);
		if (pick < 75) {
			SourceDefinition space = workspace.genieSpaces[random.nextInt(workspace.genieSpaces.length)];
			return interactive(id, user, space.kind(), space.id());
		}
		if (pick < 90) {
			return interactive(id, user, "NOTEBOOK", "nb-" + user + "-" + random.nextInt(4));
		}
		return interactive(id, user, "ADHOC", "");
	}

	private String humanUser() {
		return workspace.user(workspace.userActivity.next(random));
	}

	private int defined(String id, SourceDefinition source, String user) {
		String time = time();
		int no = 0;
		int distinct = 0;
		for (int table : source.reads()) {
			if (!seen(table, distinct)) {
				tablesOfStatement[distinct++] = table;
				row(id, no++, table, "READ", source.statementKind(), false, user, time, source.kind(), source.id());
			}
		}
		if (source.write() >= 0) {
			row(id, no++, source.write(), "WRITE", source.statementKind(), false, user, time, source.kind(), source.id());
		}
		// each source runs one of three statements, each with its shape
		history.add(id, user, time, source.kind(), source.id(), source.id() + "/" + random.nextInt(3), random);
		return no;
	}

	private int interactive(String id, int userIndex, String kind, String sourceId) {
		String user = workspace.user(userIndex);
		String time = time();
		int reads = 1 + random.nextInt(2);
		int no = 0;
		int distinct = 0;
		for (int r = 0; r < reads; r++) {
			int table = workspace.interactiveTable(userIndex, random);
			if (!seen(table, distinct)) {
				tablesOfStatement[distinct++] = table;
				row(id, no++, table, "READ", "SELECT", random.nextInt(100) == 0, user, time, kind, sourceId);
			}
		}
		if ("NOTEBOOK".equals(kind) && random.nextInt(10) == 0) {
			int target = 20 + random.nextInt(workspace.usedTables - 20);
			row(id, no++, target, "WRITE", "CREATE_TABLE_AS_SELECT", false, user, time, kind, sourceId);
		}
		// people rerun a few shapes of their own on each table
		history.add(id, user, time, kind, sourceId, "u" + userIndex + "/" + tablesOfStatement[0] + "/" + random.nextInt(5),
				random);
		return no;
	}

	private boolean seen(int table, int count) {
		for (int i = 0; i < count; i++) {
			if (tablesOfStatement[i] == table) {
				return true;
			}
		}
		return false;
	}

	private String time() {
		int seconds = random.nextInt(86_400);
		return dayText + ' ' + two(seconds / 3600) + ':' + two(seconds / 60 % 60) + ':' + two(seconds % 60) + "+00";
	}

	private static String two(int value) {
		return value < 10 ? "0" + value : Integer.toString(value);
	}

	private void row(String id, int no, int table, String role, String kind, boolean timeTravel, String user,
			String time, String sourceKind, String sourceId) {
		String name = Workspace.tableName(table);
		out.append("default\t").append(id).append('\t').append(no).append('\t').append(name).append('\t').append(name).append("\tt\t")
			.append(role).append('\t').append(kind).append('\t')
			.append(timeTravel ? "VERSION\t" + (1 + random.nextInt(500)) + "\tAS_OF" : NULL + '\t' + NULL + '\t' + NULL)
			.append('\t').append(user).append('\t').append(time).append('\t').append(dayText).append('\t')
			.append(sourceKind).append('\t').append(sourceId).append("\tFINISHED\n");
	}

}
