package io.lakegov.store;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.SQLException;

import javax.sql.DataSource;

import org.postgresql.PGConnection;

import org.springframework.jdbc.UncategorizedSQLException;
import org.springframework.jdbc.datasource.DataSourceUtils;
import org.springframework.stereotype.Component;

/**
 * Bulk rows for PostgreSQL's {@code COPY ... FROM STDIN} in text format, sent on the connection of the
 * caller's transaction. COPY is the cheapest way into PostgreSQL: the server parses a flat line per row,
 * where a JSON document or an array of parameters costs several times more to take apart.
 */
@Component
public class CopyRows {

	private final DataSource dataSource;

	public CopyRows(DataSource dataSource) {
		this.dataSource = dataSource;
	}

	/** The rows of one COPY, built column by column. */
	public static final class Text {

		private final StringBuilder out;

		private boolean lineStarted;

		public Text(int expectedRows) {
			this.out = new StringBuilder(Math.max(256, expectedRows * 512));
		}

		/** Appends one value to the current row; {@code null} is SQL NULL. */
		public Text value(Object value) {
			if (lineStarted) {
				out.append('\t');
			}
			lineStarted = true;
			if (value == null) {
				out.append("\\N");
				return this;
			}
			String text = value.toString();
			if (!needsEscape(text)) {
				out.append(text);
				return this;
			}
			for (int i = 0; i < text.length(); i++) {
				char c = text.charAt(i);
				switch (c) {
					case '\\' -> out.append("\\\\");
					case '\n' -> out.append("\\n");
					case '\r' -> out.append("\\r");
					case '\t' -> out.append("\\t");
					default -> out.append(c);
				}
			}
			return this;
		}

		/**
		 * Appends values already encoded by another {@code Text} (its {@link #toString()} without the line
		 * end), so that part of a row can be encoded ahead of time.
		 */
		public Text encoded(String values) {
			if (lineStarted) {
				out.append('\t');
			}
			lineStarted = true;
			out.append(values);
			return this;
		}

		private static boolean needsEscape(String text) {
			for (int i = 0; i < text.length(); i++) {
				char c = text.charAt(i);
				if (c == '\\' || c == '\n' || c == '\r' || c == '\t') {
					return true;
				}
			}
			return false;
		}

		/** Ends the current row. */
		public Text endRow() {
			out.append('\n');
			lineStarted = false;
			return this;
		}

		@Override
		public String toString() {
			return out.toString();
		}

	}

	/** Runs {@code copySql} (a {@code COPY ... FROM STDIN}) with the rows; returns the number of rows copied. */
	public long copy(String copySql, Text rows) {
		Connection connection = DataSourceUtils.getConnection(dataSource);
		try {
			return connection.unwrap(PGConnection.class).getCopyAPI().copyIn(copySql, new StringReader(rows.toString()));
		}
		catch (SQLException ex) {
			throw new UncategorizedSQLException("COPY", copySql, ex);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		finally {
			DataSourceUtils.releaseConnection(connection, dataSource);
		}
	}

}
