package io.lakegov.history;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
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
		WindowStream.read(of, sql, from, to, batchSize, LineageReader::decoder, (rows, rejected) -> {
			handler.handle(rows, rejected);
			return true;
		});
	}

	private static WindowStream.RowDecoder<LineageRow> decoder(WindowStream.Layout layout) {
		LineageColumn[] known = new LineageColumn[layout.count() + 1];
		for (int i = 1; i <= layout.count(); i++) {
			known[i] = LineageColumn.byName(layout.name(i));
		}
		return rows -> toRow(rows, layout, known);
	}

	private static LineageRow toRow(ResultSet rows, WindowStream.Layout layout, LineageColumn[] known)
			throws SQLException {
		Map<LineageColumn, Object> values = new EnumMap<>(LineageColumn.class);
		Map<String, JsonText> extras = new HashMap<>();
		for (int i = 1; i <= layout.count(); i++) {
			Object raw = layout.read(rows, i);
			if (raw == null) {
				continue;
			}
			if (known[i] == null) {
				extras.put(layout.name(i), HistoryValues.json(raw));
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
