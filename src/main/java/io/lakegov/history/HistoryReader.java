package io.lakegov.history;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
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
		WindowStream.read(from, sql, start, end, batchSize, HistoryReader::decoder, handler::handle);
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

	private static WindowStream.RowDecoder<HistoryRow> decoder(WindowStream.Layout layout) {
		HistoryColumn[] known = new HistoryColumn[layout.count() + 1];
		for (int i = 1; i <= layout.count(); i++) {
			known[i] = HistoryColumn.byName(layout.name(i));
		}
		return rows -> toRow(rows, layout, known);
	}

	private static HistoryRow toRow(ResultSet rows, WindowStream.Layout layout, HistoryColumn[] known)
			throws SQLException {
		Map<HistoryColumn, Object> values = new EnumMap<>(HistoryColumn.class);
		Map<String, JsonText> extras = new HashMap<>();
		for (int i = 1; i <= layout.count(); i++) {
			Object raw = layout.read(rows, i);
			if (known[i] != null) {
				Object value = HistoryValues.convert(known[i].type(), raw);
				if (value != null) {
					values.put(known[i], value);
				}
			}
			else if (raw != null) {
				extras.put(layout.name(i), HistoryValues.json(raw));
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
