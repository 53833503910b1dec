package io.lakegov.archive.delta;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import javax.sql.DataSource;

/**
 * Runs the archive's statements on a source's SQL Warehouse, through the connections the source reads with.
 * Each statement is bounded by the query timeout; a warehouse that is stopped or refuses fails the call
 * with its {@link SQLException}, which the archiver records and backs off from.
 */
public final class Warehouse {

	private final DataSource dataSource;

	private final Duration timeout;

	public Warehouse(DataSource dataSource, Duration timeout) {
		this.dataSource = dataSource;
		this.timeout = timeout;
	}

	/** A row of an answer. */
	@FunctionalInterface
	public interface Rows<T> {

		T map(ResultSet rs) throws SQLException;

	}

	/** Runs statements one after the other on one connection. */
	public void execute(List<String> statements) throws SQLException {
		try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement()) {
			statement.setQueryTimeout((int) Math.min(Integer.MAX_VALUE, timeout.toSeconds()));
			for (String sql : statements) {
				statement.execute(sql);
			}
		}
	}

	/** The rows a query answers. */
	public <T> List<T> query(String sql, Rows<T> rows) throws SQLException {
		try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement()) {
			statement.setQueryTimeout((int) Math.min(Integer.MAX_VALUE, timeout.toSeconds()));
			List<T> answer = new ArrayList<>();
			try (ResultSet rs = statement.executeQuery(sql)) {
				while (rs.next()) {
					answer.add(rows.map(rs));
				}
			}
			return answer;
		}
	}

}
