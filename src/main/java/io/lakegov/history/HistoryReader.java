package io.lakegov.history;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Function;

import io.lakegov.history.HistoryRow.JsonText;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;

/**
 * Streams a source's query history for a window of {@code update_time}, in batches, never holding more
 * than one batch of rows in memory (and, reading key first, two batches of keys). Rows come ordered by {@code update_time}, so a reader that stops after any batch
 * can resume from the last {@code update_time} it committed.
 */
@Component
public class HistoryReader implements DisposableBean {

	private static final Logger log = LoggerFactory.getLogger(HistoryReader.class);

	/**
	 * Statement ids that start with this are lakegov's own, for statements only the engine's lineage knows;
	 * a source row with such an id is refused (counted as rejected), so the two never collide.
	 */
	public static final String RESERVED_PREFIX = "lineage:";

	/** A whole batch with fewer than one in this many rows new sends the read on key first. */
	private static final int KEY_FIRST_BELOW = 10;

	/** A batch of keys with more than one in this many rows new sends the read back to whole rows. */
	private static final int WHOLE_ABOVE = 4;

	/** Statement ids per query when reading rows by id, within every driver's limit on bind parameters. */
	private static final int IDS_PER_QUERY = 100;

	/** Asks the store about one batch of keys while the reading thread reads the next. */
	private final ExecutorService lookups = Executors.newSingleThreadExecutor(runnable -> {
		Thread thread = new Thread(runnable, "lakegov-history-keys");
		thread.setDaemon(true);
		return thread;
	});

	/** A row's identity and version, all a re-read needs to tell whether the store already holds it. */
	public record RowKey(String statementId, Instant updateTime) {
	}

	/**
	 * One batch of a window: the rows read whole, how many rows were rejected, how many were left unread
	 * because the store already holds them at least as new, and the newest {@code update_time} of all of them.
	 */
	public record Batch(List<HistoryRow> rows, int rejected, int unchanged, Instant newestUpdate) {

		public Batch {
			rows = List.copyOf(rows);
		}

		/** A batch of whole rows alone. */
		public static Batch of(List<HistoryRow> rows) {
			return new Batch(rows, 0, 0, newest(rows, HistoryRow::updateTime));
		}

		/** Every row of the window this batch stands for. */
		public int size() {
			return rows.size() + rejected + unchanged;
		}

	}

	/** Receives the batches of a window; what it throws stops the read. */
	public interface BatchHandler {

		/** Handles a batch and says how many of its rows were new or newer than the store's. */
		int handle(Batch batch);

		/**
		 * The statements among {@code keys} that the store holds at least as new, which need not be read
		 * whole. A handler that keeps no store answers none, and every row is read whole.
		 */
		default Set<String> current(List<RowKey> keys) {
			return Set.of();
		}

	}

	/**
	 * Reads the rows of a source with {@code start <= update_time < end} and hands them over in batches of at most
	 * {@code batchSize}. Rows without a statement id or update time cannot be stored and are counted as
	 * rejected.
	 * <p>
	 * A window that is mostly stored already (the overlap of every run, a backfill over ingested days) is read
	 * key first: once a whole batch brought almost nothing new, the read goes on with statement ids and update
	 * times only, asks the handler which of them it holds, and reads whole only the rows it lacks. When a batch
	 * of keys turns out mostly new, the read goes back to whole rows from that batch on.
	 */
	public void read(HistorySource from, Instant start, Instant end, int batchSize, BatchHandler handler)
			throws SQLException {
		WindowCursor cursor = new WindowCursor(start);
		boolean byKey = false;
		while (byKey ? readKeys(from, cursor, end, batchSize, handler) : readWhole(from, cursor, end, batchSize, handler)) {
			byKey = !byKey;
		}
	}

	/** Reads whole rows from the cursor on; true when it stopped because the rest is better read key first. */
	private boolean readWhole(HistorySource from, WindowCursor cursor, Instant end, int batchSize,
			BatchHandler handler) throws SQLException {
		SourceDatabase source = from.database();
		// the table name is validated by SourceSettingsCheck or fixed by the local warehouse
		String sql = "SELECT * FROM " + source.historyTable() + window(source) + " ORDER BY update_time, statement_id";
		boolean[] byKey = { false };
		WindowStream.read(from, sql, cursor.from(), end, batchSize, HistoryReader::decoder, (rows, rejected) -> {
			List<HistoryRow> fresh = cursor.unhandled(rows, HistoryRow::statementId, HistoryRow::updateTime);
			if (fresh.isEmpty() && rejected == 0) {
				return true;
			}
			Batch batch = new Batch(fresh, rejected, 0, newest(fresh, HistoryRow::updateTime));
			int newer = handler.handle(batch);
			cursor.handled(fresh, HistoryRow::statementId, HistoryRow::updateTime);
			byKey[0] = rows.size() + rejected >= batchSize && newer * KEY_FIRST_BELOW <= batch.size();
			return !byKey[0];
		});
		return byKey[0];
	}

	/**
	 * Reads keys from the cursor on; true when it stopped because the rest is better read whole. The store is
	 * asked about each batch of keys on the lookup thread while the next batch is read from the source, so the
	 * two databases work at the same time; batches are still handled one after the other, in source order.
	 */
	private boolean readKeys(HistorySource from, WindowCursor cursor, Instant end, int batchSize,
			BatchHandler handler) throws SQLException {
		SourceDatabase source = from.database();
		String sql = "SELECT statement_id, update_time FROM " + source.historyTable() + window(source)
				+ " ORDER BY update_time, statement_id";
		boolean[] whole = { false };
		KeyBatch[] previous = { null };
		WindowStream.read(from, sql, cursor.from(), end, batchSize, HistoryReader::keyDecoder, (keys, rejected) -> {
			List<RowKey> fresh = cursor.unhandled(keys, RowKey::statementId, RowKey::updateTime);
			if (fresh.isEmpty() && rejected == 0) {
				return true;
			}
			KeyBatch next = new KeyBatch(fresh, rejected,
					fresh.isEmpty() ? CompletableFuture.completedFuture(Set.of())
							: CompletableFuture.supplyAsync(() -> handler.current(fresh), lookups));
			KeyBatch last = previous[0];
			previous[0] = next;
			if (last != null && !handleKeys(from, cursor, handler, last)) {
				previous[0] = null;
				whole[0] = true;
				return false;
			}
			return true;
		});
		if (previous[0] != null && !handleKeys(from, cursor, handler, previous[0])) {
			whole[0] = true;
		}
		return whole[0];
	}

	/** A batch of keys with the store's answer about them on its way. */
	private record KeyBatch(List<RowKey> keys, int rejected, CompletableFuture<Set<String>> current) {
	}

	/**
	 * Reads whole the rows of the batch of keys that the store lacks and hands them over; false, with nothing
	 * handled, when so many are new that the rest is better read whole.
	 */
	private boolean handleKeys(HistorySource from, WindowCursor cursor, BatchHandler handler, KeyBatch batch)
			throws SQLException {
		Set<String> current = answer(batch.current());
		List<String> wanted = new ArrayList<>();
		for (RowKey key : batch.keys()) {
			if (!current.contains(key.statementId())) {
				wanted.add(key.statementId());
			}
		}
		if (wanted.size() * WHOLE_ABOVE > batch.keys().size()) {
			return false;
		}
		List<HistoryRow> rows = wanted.isEmpty() ? List.of() : readById(from, wanted, batch.keys().get(0).updateTime());
		handler.handle(new Batch(rows, batch.rejected(), batch.keys().size() - wanted.size(),
				newest(batch.keys(), RowKey::updateTime)));
		cursor.handled(batch.keys(), RowKey::statementId, RowKey::updateTime);
		return true;
	}

	/**
	 * What the store said about a batch of keys (a short query, waited for even by an interrupted thread);
	 * what asking it threw is thrown here.
	 */
	private static Set<String> answer(CompletableFuture<Set<String>> current) {
		try {
			return current.join();
		}
		catch (CompletionException ex) {
			throw ex.getCause() instanceof RuntimeException runtime ? runtime : ex;
		}
	}

	/**
	 * The current rows of the given statements, none older than {@code from}: a row that changed since its key
	 * was read comes in its newer version, one that left the source not at all.
	 */
	private static List<HistoryRow> readById(HistorySource from, List<String> ids, Instant since) throws SQLException {
		List<HistoryRow> rows = new ArrayList<>(ids.size());
		SourceDatabase source = from.database();
		for (int offset = 0; offset < ids.size(); offset += IDS_PER_QUERY) {
			List<String> chunk = ids.subList(offset, Math.min(ids.size(), offset + IDS_PER_QUERY));
			String sql = "SELECT * FROM " + source.historyTable() + " WHERE update_time >= " + source.timeParameter()
					+ " AND statement_id IN (" + String.join(", ", Collections.nCopies(chunk.size(), "?")) + ")";
			List<Object> parameters = new ArrayList<>(chunk.size() + 1);
			parameters.add(source.timeValue(since));
			parameters.addAll(chunk);
			WindowStream.select(from, sql, parameters, HistoryReader::decoder, rows::add);
		}
		return rows;
	}

	private static <T> Instant newest(List<T> rows, Function<T, Instant> time) {
		Instant newest = null;
		for (T row : rows) {
			Instant at = time.apply(row);
			if (newest == null || at.isAfter(newest)) {
				newest = at;
			}
		}
		return newest;
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
		if (!storable(values.get(HistoryColumn.STATEMENT_ID), values.get(HistoryColumn.UPDATE_TIME))) {
			return null;
		}
		return new HistoryRow(values, extras);
	}

	private static WindowStream.RowDecoder<RowKey> keyDecoder(WindowStream.Layout layout) {
		return rows -> {
			Object id = HistoryValues.convert(HistoryColumn.STATEMENT_ID.type(), layout.read(rows, 1));
			Object updated = HistoryValues.convert(HistoryColumn.UPDATE_TIME.type(), layout.read(rows, 2));
			return storable(id, updated) ? new RowKey((String) id, (Instant) updated) : null;
		};
	}

	private static boolean storable(Object id, Object updateTime) {
		if (!(id instanceof String statementId) || statementId.isBlank() || updateTime == null) {
			log.warn("Skipping a query history row without statement_id or update_time");
			return false;
		}
		if (statementId.startsWith(RESERVED_PREFIX)) {
			log.warn("Skipping a query history row whose statement_id starts with the reserved {}", RESERVED_PREFIX);
			return false;
		}
		return true;
	}

	@Override
	public void destroy() {
		lookups.shutdownNow();
	}

}
