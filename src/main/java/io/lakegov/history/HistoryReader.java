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
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.lakegov.history.HistoryRow.JsonText;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.stereotype.Component;

/**
 * Streams a source's query history for a window of {@code update_time}, in batches, never holding more
 * than one batch in memory. Rows come ordered by {@code update_time}, so a reader that stops after any batch
 * can resume from the last {@code update_time} it committed.
 */
@Component
public class HistoryReader {

	private static final Logger log = LoggerFactory.getLogger(HistoryReader.class);

	/**
	 * Statement ids that start with this are lakegov's own, for statements only the engine's lineage knows;
	 * a source row with such an id is refused (counted as rejected), so the two never collide.
	 */
	public static final String RESERVED_PREFIX = "lineage:";

	/** Receives the rows of one batch; what it throws stops the read. */
	@FunctionalInterface
	public interface BatchHandler {

		void handle(List<HistoryRow> rows, int rejected);

	}

	/**
	 * Reads the rows of a source with {@code start <= update_time < end} and hands them over in batches of at most
	 * {@code batchSize}. Rows without a statement id or update time cannot be stored and are counted as
	 * rejected.
	 */
	public void read(HistorySource from, Instant start, Instant end, int batchSize, BatchHandler handler)
			throws SQLException {
		SourceDatabase source = from.database();
		// the table name is validated by SourceSettingsCheck or fixed by the local warehouse
		String sql = "SELECT * FROM " + source.historyTable() + window(source) + " ORDER BY update_time, statement_id";
		try (Connection connection = source.dataSource().getConnection()) {
			boolean autoCommit = connection.getAutoCommit();
			if (!source.isDatabricks()) {
				// PostgreSQL streams with a fetch size only inside a transaction
				connection.setAutoCommit(false);
			}
			try (PreparedStatement statement = connection.prepareStatement(sql, ResultSet.TYPE_FORWARD_ONLY,
					ResultSet.CONCUR_READ_ONLY)) {
				statement.setFetchSize(from.fetchSize());
				statement.setQueryTimeout((int) Math.min(Integer.MAX_VALUE, from.queryTimeout().toSeconds()));
				statement.setObject(1, source.timeValue(start));
				statement.setObject(2, source.timeValue(end));
				try (ResultSet rows = statement.executeQuery()) {
					stream(rows, batchSize, handler);
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

	/** How many rows the window holds, for the backlog gauge. */
	public long count(HistorySource of, Instant from, Instant to) {
		SourceDatabase source = of.database();
		return source.jdbc()
			.sql("SELECT count(*) FROM " + source.historyTable() + window(source))
			.param(source.timeValue(from))
			.param(source.timeValue(to))
			.query(Long.class)
			.single();
	}

	private static String window(SourceDatabase source) {
		return " WHERE update_time >= " + source.timeParameter() + " AND update_time < " + source.timeParameter();
	}

	private void stream(ResultSet rows, int batchSize, BatchHandler handler) throws SQLException {
		ResultSetMetaData meta = rows.getMetaData();
		int count = meta.getColumnCount();
		HistoryColumn[] known = new HistoryColumn[count + 1];
		String[] names = new String[count + 1];
		boolean[] times = new boolean[count + 1];
		for (int i = 1; i <= count; i++) {
			names[i] = meta.getColumnLabel(i).toLowerCase(java.util.Locale.ROOT);
			known[i] = HistoryColumn.byName(names[i]);
			int type = meta.getColumnType(i);
			times[i] = type == Types.TIMESTAMP || type == Types.TIMESTAMP_WITH_TIMEZONE;
		}
		Calendar utc = SourceTimes.utc();
		List<HistoryRow> batch = new ArrayList<>(batchSize);
		int rejected = 0;
		while (rows.next()) {
			HistoryRow row = toRow(rows, count, known, names, times, utc);
			if (row == null) {
				rejected++;
			}
			else {
				batch.add(row);
			}
			if (batch.size() + rejected >= batchSize) {
				handler.handle(batch, rejected);
				batch = new ArrayList<>(batchSize);
				rejected = 0;
			}
		}
		if (!batch.isEmpty() || rejected > 0) {
			handler.handle(batch, rejected);
		}
	}

	private static HistoryRow toRow(ResultSet rows, int count, HistoryColumn[] known, String[] names, boolean[] times,
			Calendar utc) throws SQLException {
		Map<HistoryColumn, Object> values = new EnumMap<>(HistoryColumn.class);
		Map<String, JsonText> extras = new HashMap<>();
		for (int i = 1; i <= count; i++) {
			// a TIMESTAMP read plainly is wall time in the JVM's zone: read it as UTC instead
			Object raw = times[i] ? SourceTimes.read(rows, i, utc) : rows.getObject(i);
			if (known[i] != null) {
				Object value = HistoryValues.convert(known[i].type(), raw);
				if (value != null) {
					values.put(known[i], value);
				}
			}
			else if (raw != null) {
				extras.put(names[i], HistoryValues.json(raw));
			}
		}
		if (!(values.get(HistoryColumn.STATEMENT_ID) instanceof String id) || id.isBlank()
				|| values.get(HistoryColumn.UPDATE_TIME) == null) {
			log.warn("Skipping a query history row without statement_id or update_time");
			return null;
		}
		if (id.startsWith(RESERVED_PREFIX)) {
			log.warn("Skipping a query history row whose statement_id starts with the reserved {}", RESERVED_PREFIX);
			return null;
		}
		return new HistoryRow(values, extras);
	}

}
