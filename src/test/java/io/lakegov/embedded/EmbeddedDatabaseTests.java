package io.lakegov.embedded;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The embedded default keeps a user's store: its server writes every commit to disk before acknowledging
 * it, whatever the embedding library's defaults for test databases, and keeps the data across restarts.
 */
class EmbeddedDatabaseTests {

	@TempDir
	Path directory;

	@Test
	void commitsAreOnDiskWhenAcknowledgedAndStayAcrossRestarts() throws Exception {
		var properties = new EmbeddedDatabaseProperties(true, directory, 0, "32MB", "1GB");
		try (EmbeddedDatabase database = EmbeddedDatabase.start(properties);
				Connection connection = DriverManager.getConnection(database.jdbcUrl("lakegov"), EmbeddedDatabase.USER,
						"");
				Statement statement = connection.createStatement()) {
			assertThat(setting(statement, "fsync")).isEqualTo("on");
			assertThat(setting(statement, "synchronous_commit")).isEqualTo("on");
			assertThat(setting(statement, "full_page_writes")).isEqualTo("on");
			statement.execute("CREATE TABLE kept (id int)");
			statement.execute("INSERT INTO kept VALUES (42)");
		}
		try (EmbeddedDatabase database = EmbeddedDatabase.start(properties);
				Connection connection = DriverManager.getConnection(database.jdbcUrl("lakegov"), EmbeddedDatabase.USER,
						"");
				Statement statement = connection.createStatement();
				ResultSet rows = statement.executeQuery("SELECT id FROM kept")) {
			assertThat(rows.next()).isTrue();
			assertThat(rows.getInt(1)).isEqualTo(42);
		}
	}

	private static String setting(Statement statement, String name) throws SQLException {
		try (ResultSet rows = statement.executeQuery("SELECT current_setting('" + name + "')")) {
			rows.next();
			return rows.getString(1);
		}
	}

}
