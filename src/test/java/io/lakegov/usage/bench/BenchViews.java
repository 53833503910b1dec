package io.lakegov.usage.bench;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.LocalDate;
import java.time.ZoneOffset;

/**
 * Two-level view chains on the most read tables, as the facts of the CREATE VIEW statements that made them
 * on the first day: the tables ranked {@code n .. 2n-1} in popularity are views on the {@code n} hottest,
 * those ranked {@code 2n .. 3n-1} views on those ({@code n} = {@link #CHAINS}, fewer for small workspaces).
 * Their other facts stay as generated: the views are read like the tables they are.
 */
final class BenchViews {

	static final int CHAINS = 100;

	private BenchViews() {
	}

	static int chains(Workspace workspace) {
		return Math.min(CHAINS, workspace.usedTables / 3);
	}

	/** Inserts the statements' facts; run before the rollups are built, so they include them. */
	static int insert(String url, String user, String password, Workspace workspace, LocalDate first)
			throws SQLException {
		int chains = chains(workspace);
		try (Connection connection = DriverManager.getConnection(url, user, password);
				PreparedStatement insert = connection.prepareStatement("""
						INSERT INTO table_access (source, statement_id, access_no, table_name, written_name, fully_qualified, role,
						    statement_kind, user_name, event_time, business_date, source_kind, source_id, execution_status)
						VALUES ('default', ?, ?, ?, ?, true, ?, 'CREATE_VIEW', 'bench-dbt-sp', ?, ?, 'JOB', 'bench-views', 'FINISHED')""")) {
			for (int k = 0; k < chains; k++) {
				view(insert, "bench-view-1-" + k, k, chains + k, first, k);
				view(insert, "bench-view-2-" + k, chains + k, 2 * chains + k, first, chains + k);
			}
			insert.executeBatch();
		}
		return 2 * chains;
	}

	private static void view(PreparedStatement insert, String id, int reads, int view, LocalDate first, int minute)
			throws SQLException {
		Timestamp at = Timestamp.from(first.atStartOfDay(ZoneOffset.UTC).toInstant().plusSeconds(60L * minute));
		String[][] accesses = { { Workspace.tableName(reads), "READ" }, { Workspace.tableName(view), "WRITE" } };
		for (int no = 0; no < accesses.length; no++) {
			insert.setString(1, id);
			insert.setInt(2, no);
			insert.setString(3, accesses[no][0]);
			insert.setString(4, accesses[no][0]);
			insert.setString(5, accesses[no][1]);
			insert.setTimestamp(6, at);
			insert.setObject(7, first);
			insert.addBatch();
		}
	}

}
