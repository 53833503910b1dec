package io.lakegov.embedded;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Objects;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The embedded default keeps a user's store: its server writes every commit to disk before acknowledging
 * it, whatever the embedding library's defaults for test databases, keeps the data across restarts, and
 * is started again, on the same port, when it dies.
 */
class EmbeddedDatabaseTests {

	@TempDir
	Path directory;

	@Test
	void commitsAreOnDiskWhenAcknowledgedAndStayAcrossRestarts() throws Exception {
		var properties = new EmbeddedDatabaseProperties(true, directory, 0, "32MB", "1GB", Duration.ofMillis(200));
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

	@Test
	void aServerThatIsKilledIsStartedAgainWithEveryCommitOnTheSamePort() throws Exception {
		var properties = new EmbeddedDatabaseProperties(true, directory, 0, "32MB", "1GB", Duration.ofMillis(200));
		try (EmbeddedDatabase database = EmbeddedDatabase.start(properties)) {
			String url = database.jdbcUrl("lakegov");
			try (Connection connection = DriverManager.getConnection(url, EmbeddedDatabase.USER, "");
					Statement statement = connection.createStatement()) {
				statement.execute("CREATE TABLE kept (id int)");
				statement.execute("INSERT INTO kept VALUES (7)");
			}
			ProcessHandle first = Postmaster.running(properties.dataDirectory()).orElseThrow();
			first.destroyForcibly();

			assertThat(awaitQuery(url, "SELECT id FROM kept")).isEqualTo(7);
			ProcessHandle second = Postmaster.running(properties.dataDirectory()).orElseThrow();
			assertThat(second.pid()).isNotEqualTo(first.pid());
			assertThat(properties.dataDirectory().resolve("restarted.log")).exists();

			second.destroyForcibly();
			assertThat(awaitQuery(url, "SELECT count(*) FROM kept")).isEqualTo(1);
		}
		assertThat(Postmaster.running(properties.dataDirectory())).isEmpty();
	}

	/** The first row's first column once the server answers, retrying while it is down. */
	private static int awaitQuery(String url, String sql) {
		return await().atMost(Duration.ofSeconds(90))
			.pollInterval(Duration.ofMillis(200))
			.ignoreExceptions()
			.until(() -> query(url, sql), Objects::nonNull);
	}

	private static Integer query(String url, String sql) throws SQLException {
		try (Connection connection = DriverManager.getConnection(url, EmbeddedDatabase.USER, "");
				Statement statement = connection.createStatement();
				ResultSet rows = statement.executeQuery(sql)) {
			rows.next();
			return rows.getInt(1);
		}
	}

	private static String setting(Statement statement, String name) throws SQLException {
		try (ResultSet rows = statement.executeQuery("SELECT current_setting('" + name + "')")) {
			rows.next();
			return rows.getString(1);
		}
	}

}
