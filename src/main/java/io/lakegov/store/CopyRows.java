package io.lakegov.store;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

import javax.sql.DataSource;

import org.postgresql.PGConnection;
import org.postgresql.copy.CopyIn;

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

	/**
	 * The rows of one COPY, built column by column, in chunks of whole rows: a batch's rows then never
	 * need one buffer of several megabytes, which the garbage collector of a small heap handles at a
	 * high price, and they are sent chunk by chunk.
	 */
	public static final class Text {

		/** Characters after which the next row starts a new chunk. */
		static final int CHUNK = 64 * 1024;

		private final List<StringBuilder> chunks = new ArrayList<>();

		private StringBuilder out;

		private boolean lineStarted;

		public Text(int expectedRows) {
			this.out = new StringBuilder(Math.min(CHUNK + 1024, Math.max(256, expectedRows * 256)));
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
			if (out.length() >= CHUNK) {
				chunks.add(out);
				out = new StringBuilder(CHUNK + 1024);
			}
			return this;
		}

		/** The rows as UTF-8 (the encoding of every lakegov connection), one array per chunk. */
		List<byte[]> utf8() {
			List<byte[]> bytes = new ArrayList<>(chunks.size() + 1);
			chunks.forEach(chunk -> bytes.add(chunk.toString().getBytes(StandardCharsets.UTF_8)));
			bytes.add(out.toString().getBytes(StandardCharsets.UTF_8));
			return bytes;
		}

		@Override
		public String toString() {
			StringBuilder all = new StringBuilder();
			chunks.forEach(all::append);
			return all.append(out).toString();
		}

	}

	/** Runs {@code copySql} (a {@code COPY ... FROM STDIN}) with the rows; returns the number of rows copied. */
	public long copy(String copySql, Text rows) {
		Connection connection = DataSourceUtils.getConnection(dataSource);
		try {
			CopyIn in = connection.unwrap(PGConnection.class).getCopyAPI().copyIn(copySql);
			try {
				for (byte[] chunk : rows.utf8()) {
					in.writeToCopy(chunk, 0, chunk.length);
				}
				return in.endCopy();
			}
			finally {
				if (in.isActive()) {
					in.cancelCopy();
				}
			}
		}
		catch (SQLException ex) {
			throw new UncategorizedSQLException("COPY", copySql, ex);
		}
		finally {
			DataSourceUtils.releaseConnection(connection, dataSource);
		}
	}

}
