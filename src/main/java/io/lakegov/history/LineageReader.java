package io.lakegov.history;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Calendar;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import io.lakegov.history.HistoryRow.JsonText;
import io.lakegov.web.Secrets;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.stereotype.Component;

/**
 * Streams a source's table lineage ({@code system.access.table_lineage}, or a table laid out like it)
 * for a window of {@code event_time}, in batches ordered by {@code event_time}, through the
 * same connection as {@link HistoryReader}. Columns are read as defensively as the history's.
 */
@Component
public class LineageReader {

	private static final Logger log = LoggerFactory.getLogger(LineageReader.class);

	/** Receives the rows of one batch; what it throws stops the read. */
	@FunctionalInterface
	public interface BatchHandler {

		void handle(List<LineageRow> rows, int rejected);

	}

	/**
	 * Why the source has no readable lineage table (it does not exist, or the principal may not read it),
	 * or empty when it has one.
	 */
	public Optional<String> unavailable(HistorySource from) {
		SourceDatabase source = from.database();
		try (Connection connection = source.dataSource().getConnection();
				PreparedStatement statement = connection.prepareStatement(
						"SELECT * FROM " + source.lineageTable() + " WHERE 1 = 0")) {
			statement.setQueryTimeout((int) Math.min(Integer.MAX_VALUE, from.queryTimeout().toSeconds()));
			statement.executeQuery().close();
			return Optional.empty();
		}
		catch (SQLException ex) {
			return Optional.of(source.lineageTable() + " cannot be read: " + Secrets.mask(String.valueOf(ex.getMessage())));
		}
	}

	/** Reads rows with {@code from <= event_time < to}; rows without an event time are counted as rejected. */
	public void read(HistorySource of, Instant from, Instant to, int batchSize, BatchHandler handler)
			throws SQLException {
		SourceDatabase source = of.database();
		// the table name is validated by SourceSettingsCheck or fixed by the local warehouse
		String sql = "SELECT * FROM " + source.lineageTable() + " WHERE event_time >= " + source.timeParameter()
				+ " AND event_time < " + source.timeParameter() + " ORDER BY event_time";
		try (Connection connection = source.dataSource().getConnection()) {
			boolean autoCommit = connection.getAutoCommit();
			if (!source.isDatabricks()) {
				connection.setAutoCommit(false);
			}
			try (PreparedStatement statement = connection.prepareStatement(sql, ResultSet.TYPE_FORWARD_ONLY,
					ResultSet.CONCUR_READ_ONLY)) {
				statement.setFetchSize(of.fetchSize());
				statement.setQueryTimeout((int) Math.min(Integer.MAX_VALUE, of.queryTimeout().toSeconds()));
				statement.setObject(1, source.timeValue(from));
				statement.setObject(2, source.timeValue(to));
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

	private static void stream(ResultSet rows, int batchSize, BatchHandler handler) throws SQLException {
		ResultSetMetaData meta = rows.getMetaData();
		int count = meta.getColumnCount();
		LineageColumn[] known = new LineageColumn[count + 1];
		String[] names = new String[count + 1];
		boolean[] times = new boolean[count + 1];
		for (int i = 1; i <= count; i++) {
			names[i] = meta.getColumnLabel(i).toLowerCase(Locale.ROOT);
			known[i] = LineageColumn.byName(names[i]);
			int type = meta.getColumnType(i);
			times[i] = type == Types.TIMESTAMP || type == Types.TIMESTAMP_WITH_TIMEZONE;
		}
		Calendar utc = SourceTimes.utc();
		List<LineageRow> batch = new ArrayList<>(batchSize);
		int rejected = 0;
		while (rows.next()) {
			LineageRow row = toRow(rows, count, known, names, times, utc);
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

	private static LineageRow toRow(ResultSet rows, int count, LineageColumn[] known, String[] names, boolean[] times,
			Calendar utc) throws SQLException {
		Map<LineageColumn, Object> values = new EnumMap<>(LineageColumn.class);
		Map<String, JsonText> extras = new HashMap<>();
		for (int i = 1; i <= count; i++) {
			Object raw = times[i] ? SourceTimes.read(rows, i, utc) : rows.getObject(i);
			if (raw == null) {
				continue;
			}
			if (known[i] == null) {
				extras.put(names[i], HistoryValues.json(raw));
			}
			else {
				Object value = switch (known[i]) {
					case ENTITY_METADATA -> HistoryValues.json(raw);
					case EVENT_TIME -> HistoryValues.instant(raw);
					case EVENT_DATE -> date(raw);
					default -> blankToNull(HistoryValues.convert(HistoryColumn.Type.TEXT, raw));
				};
				if (value != null) {
					values.put(known[i], value);
				}
			}
		}
		if (!(values.get(LineageColumn.EVENT_TIME) instanceof Instant eventTime)) {
			log.warn("Skipping a table lineage row without event_time");
			return null;
		}
		return new LineageRow(text(values, LineageColumn.STATEMENT_ID), text(values, LineageColumn.SOURCE_TABLE_FULL_NAME),
				text(values, LineageColumn.SOURCE_TYPE), text(values, LineageColumn.SOURCE_PATH),
				text(values, LineageColumn.TARGET_TABLE_FULL_NAME), text(values, LineageColumn.TARGET_TYPE),
				text(values, LineageColumn.TARGET_PATH), text(values, LineageColumn.ENTITY_TYPE),
				text(values, LineageColumn.ENTITY_ID), text(values, LineageColumn.ENTITY_RUN_ID),
				values.get(LineageColumn.ENTITY_METADATA) instanceof JsonText json ? json : null,
				text(values, LineageColumn.CREATED_BY), eventTime,
				values.get(LineageColumn.EVENT_DATE) instanceof LocalDate date ? date : null, extras);
	}

	private static String text(Map<LineageColumn, Object> values, LineageColumn column) {
		return values.get(column) instanceof String text ? text : null;
	}

	private static Object blankToNull(Object value) {
		return value instanceof String text && text.isBlank() ? null : value;
	}

	/** A DATE as the drivers hand it out: {@code java.sql.Date}, {@code LocalDate}, a time stamp or text. */
	static LocalDate date(Object value) {
		if (value instanceof LocalDate date) {
			return date;
		}
		if (value instanceof java.sql.Date date) {
			return date.toLocalDate();
		}
		if (value instanceof String text) {
			try {
				return LocalDate.parse(text.strip().length() >= 10 ? text.strip().substring(0, 10) : text.strip());
			}
			catch (DateTimeParseException ex) {
				return null;
			}
		}
		Instant instant = HistoryValues.instant(value);
		return instant == null ? null : instant.atZone(ZoneOffset.UTC).toLocalDate();
	}

}
