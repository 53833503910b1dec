package io.lakegov.usage.bench;

import java.util.SplittableRandom;

/**
 * A synthetic busy workspace: tables, users, and the jobs, dashboards, pipelines, alerts, queries and
 * Genie spaces that read and write them, each with a fixed owner and fixed tables, so the same
 * sources come back day after day as in a real workspace. The last {@link #UNUSED_SHARE} of tables
 * are never touched (they exist only in the inventory).
 */
final class Workspace {

	static final double UNUSED_SHARE = 0.06;

	final int tables;

	final int usedTables;

	final int users;

	final int servicePrincipals;

	final Zipf tablePopularity;

	final Zipf userActivity;

	final SourceDefinition[] jobs;

	final SourceDefinition[] dashboards;

	final SourceDefinition[] pipelines;

	final SourceDefinition[] alerts;

	final SourceDefinition[] queries;

	final SourceDefinition[] genieSpaces;

	final Zipf jobRuns;

	/** The tables each user mostly works with: people use a few tables, not a random one each time. */
	final int[][] workingSets;

	final Zipf dashboardViews;

	Workspace(int tables, int users, long seed) {
		this.tables = tables;
		this.usedTables = (int) (tables * (1 - UNUSED_SHARE));
		this.users = users;
		this.servicePrincipals = Math.max(5, users / 40);
		this.tablePopularity = new Zipf(usedTables, 1.0);
		this.userActivity = new Zipf(users, 1.1);
		var random = new SplittableRandom(seed);
		jobs = definitions(random, Math.max(10, tables / 6), "JOB", true);
		pipelines = definitions(random, Math.max(5, tables / 50), "PIPELINE", true);
		dashboards = definitions(random, Math.max(10, tables / 10), "DASHBOARD", false);
		alerts = definitions(random, Math.max(5, tables / 25), "ALERT", false);
		queries = definitions(random, Math.max(5, tables / 15), "SQL_QUERY", false);
		genieSpaces = definitions(random, Math.max(3, tables / 100), "GENIE_SPACE", false);
		jobRuns = new Zipf(jobs.length, 0.8);
		workingSets = new int[users][];
		for (int u = 0; u < users; u++) {
			workingSets[u] = new int[5 + random.nextInt(20)];
			for (int t = 0; t < workingSets[u].length; t++) {
				workingSets[u][t] = tablePopularity.next(random);
			}
		}
		dashboardViews = new Zipf(dashboards.length, 0.9);
	}

	static String tableName(int index) {
		return "cat" + (index % 4) + ".sch" + (index % 60) + ".tbl_" + index;
	}

	/** A table the user reads interactively: mostly from their working set, sometimes anything. */
	int interactiveTable(int user, SplittableRandom random) {
		int[] set = workingSets[user];
		return random.nextInt(100) < 85 ? set[random.nextInt(set.length)] : tablePopularity.next(random);
	}

	String user(int index) {
		return "user" + index + "@corp.example";
	}

	String servicePrincipal(int index) {
		return "sp-etl-" + index;
	}

	private SourceDefinition[] definitions(SplittableRandom random, int count, String kind, boolean writes) {
		var definitions = new SourceDefinition[count];
		for (int i = 0; i < count; i++) {
			int reads = 1 + random.nextInt(3);
			int[] read = new int[reads];
			for (int r = 0; r < reads; r++) {
				read[r] = tablePopularity.next(random);
			}
			// ETL writes land anywhere but the hottest few, which are sources
			int target = writes ? 20 + random.nextInt(usedTables - 20) : -1;
			String owner = writes ? servicePrincipal(random.nextInt(servicePrincipals)) : user(userActivity.next(random));
			String statementKind = writes ? (random.nextInt(3) == 0 ? "MERGE" : "INSERT") : "SELECT";
			definitions[i] = new SourceDefinition(kind, kind.toLowerCase() + "-" + i, owner, read, target, statementKind);
		}
		return definitions;
	}

	/** A job, dashboard, pipeline ... with its owner, the tables it reads and the one it writes (or -1). */
	record SourceDefinition(String kind, String id, String owner, int[] reads, int write, String statementKind) {
	}

}
