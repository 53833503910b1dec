package io.lakegov.history;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Calendar;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Streams one query over a time window of the source in batches: the history's and the lineage's reads
 * share the connection set-up, the column layout read once per result set and the batching, and differ
 * only in how a row is decoded.
 */
final class WindowStream {

	private WindowStream() {
	}

	/** The result set's columns: lower-case labels, and which are TIMESTAMPs (read as UTC, not JVM time). */
	static final class Layout {

		private final String[] names;

		private final boolean[] times;

		private final Calendar utc = SourceTimes.utc();

		private Layout(ResultSetMetaData meta) throws SQLException {
			int count = meta.getColumnCount();
			names = new String[count + 1];
			times = new boolean[count + 1];
			for (int i = 1; i <= count; i++) {
				names[i] = meta.getColumnLabel(i).toLowerCase(Locale.ROOT);
				int type = meta.getColumnType(i);
				times[i] = type == Types.TIMESTAMP || type == Types.TIMESTAMP_WITH_TIMEZONE;
			}
		}

		int count() {
			return names.length - 1;
		}

		String name(int column) {
			return names[column];
		}

		/** The cell; a TIMESTAMP read plainly is wall time in the JVM's zone, so it is read as UTC instead. */
		Object read(ResultSet rows, int column) throws SQLException {
			return times[column] ? SourceTimes.read(rows, column, utc) : rows.getObject(column);
		}

	}

	/** Decodes the current row; null when it cannot be used (counted as rejected). */
	@FunctionalInterface
	interface RowDecoder<R> {

		R decode(ResultSet rows) throws SQLException;

	}

	/**
	 * Receives the rows of one batch and how many were rejected, and says whether the read goes on; what it
	 * throws stops the read.
	 */
	@FunctionalInterface
	interface Sink<R> {

		boolean handle(List<R> rows, int rejected) throws SQLException;

	}

	/**
	 * Runs {@code sql}, whose two parameters are the window's bounds, and hands its rows over in batches
	 * of at most {@code batchSize}, rejected rows included in the count.
	 */
	static <R> void read(HistorySource of, String sql, Instant from, Instant to, int batchSize,
			Function<Layout, RowDecoder<R>> decoders, Sink<R> sink) throws SQLException {
		SourceDatabase source = of.database();
		try (Connection connection = source.dataSource().getConnection()) {
			boolean autoCommit = connection.getAutoCommit();
			if (!source.isDatabricks()) {
				// PostgreSQL streams with a fetch size only inside a transaction
				connection.setAutoCommit(false);
			}
			try (PreparedStatement statement = connection.prepareStatement(sql, ResultSet.TYPE_FORWARD_ONLY,
					ResultSet.CONCUR_READ_ONLY)) {
				statement.setFetchSize(of.fetchSize());
				statement.setQueryTimeout((int) Math.min(Integer.MAX_VALUE, of.queryTimeout().toSeconds()));
				statement.setObject(1, source.timeValue(from));
				statement.setObject(2, source.timeValue(to));
				try (ResultSet rows = statement.executeQuery()) {
					stream(rows, batchSize, decoders.apply(new Layout(rows.getMetaData())), sink);
				}
			}
			finally {
				if (!source.isDatabricks()) {
					connection.rollback();
					connection.setAutoCommit(autoCommit);
				}
			}
		}
	}

	/**
	 * Runs {@code sql} with the given bind parameters and hands each row it can decode to {@code rows}: a
	 * short query, read at once.
	 */
	static <R> void select(HistorySource of, String sql, List<Object> parameters, Function<Layout, RowDecoder<R>> decoders,
			Consumer<R> rows) throws SQLException {
		try (Connection connection = of.database().dataSource().getConnection();
				PreparedStatement statement = connection.prepareStatement(sql)) {
			statement.setQueryTimeout((int) Math.min(Integer.MAX_VALUE, of.queryTimeout().toSeconds()));
			for (int i = 0; i < parameters.size(); i++) {
				statement.setObject(i + 1, parameters.get(i));
			}
			try (ResultSet results = statement.executeQuery()) {
				RowDecoder<R> decoder = decoders.apply(new Layout(results.getMetaData()));
				while (results.next()) {
					R row = decoder.decode(results);
					if (row != null) {
						rows.accept(row);
					}
				}
			}
		}
	}

	private static <R> void stream(ResultSet rows, int batchSize, RowDecoder<R> decoder, Sink<R> sink)
			throws SQLException {
		List<R> batch = new ArrayList<>(batchSize);
		int rejected = 0;
		while (rows.next()) {
			R row = decoder.decode(rows);
			if (row == null) {
				rejected++;
			}
			else {
				batch.add(row);
			}
			if (batch.size() + rejected >= batchSize) {
				if (!sink.handle(batch, rejected)) {
					return;
				}
				batch = new ArrayList<>(batchSize);
				rejected = 0;
			}
		}
		if (!batch.isEmpty() || rejected > 0) {
			sink.handle(batch, rejected);
		}
	}

}
