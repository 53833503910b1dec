package io.lakegov.ingest;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** The record of ingestion runs; at most one RUNNING per source across all replicas (a unique index sees to it). */
@Repository
public class IngestionRunRepository {

	private static final String COLUMNS = """
			id, source, kind, status, window_start, window_end, started_at, finished_at, rows_read, rows_changed,
			statements_analysed, unanalysable, rows_masked, rows_closed, batches, error, zero_rows_alert, lineage_status,
			lineage_rows_read, lineage_rows_new, lineage_error, rows_expected, rows_expected_estimated, now() AS now,
			(extract(epoch FROM coalesce(finished_at, now()) - started_at) * 1000)::bigint AS duration_ms""";

	private final JdbcClient jdbc;

	private final String node;

	IngestionRunRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
		this.node = nodeName();
	}

	/** Thrown when a run is already going on somewhere; names it when it could be found. */
	public static final class RunInProgressException extends RuntimeException {

		private final Long runningId;

		RunInProgressException(String source, Long runningId) {
			super("An ingestion run of source " + source + " is already in progress"
					+ (runningId == null ? "" : " (run " + runningId + ")"));
			this.runningId = runningId;
		}

		/** The run in progress, or empty when it finished between the refusal and the look-up. */
		public Optional<Long> runningId() {
			return Optional.ofNullable(runningId);
		}

	}

	/**
	 * Thrown when a run's batch finds the run no longer RUNNING: another replica took it for abandoned
	 * (its heartbeat was late) and may have started the window again, so this one must not write.
	 */
	static final class RunTakenOverException extends RuntimeException {

		RunTakenOverException(long id) {
			super("Ingestion run " + id + " was marked as abandoned by another replica while it was still writing; "
					+ "its batch was rolled back");
		}

	}

	IngestionRun start(String source, String kind, Instant windowStart, Instant windowEnd) {
		try {
			long id = jdbc.sql("""
					INSERT INTO ingestion_run (source, kind, status, window_start, window_end, started_at, heartbeat_at, node)
					VALUES (:source, :kind, 'RUNNING', :from, :to, now(), now(), :node)
					RETURNING id""")
				.param("source", source)
				.param("kind", kind)
				.param("from", timestamp(windowStart))
				.param("to", timestamp(windowEnd))
				.param("node", node)
				.query(Long.class)
				.single();
			return find(id).orElseThrow();
		}
		catch (DuplicateKeyException ex) {
			throw new RunInProgressException(source, running(source).orElse(null));
		}
	}

	/** The source's run in progress, if any. */
	Optional<Long> running(String source) {
		return jdbc.sql("SELECT id FROM ingestion_run WHERE source = :source AND status = 'RUNNING'")
			.param("source", source)
			.query(Long.class)
			.optional();
	}

	/**
	 * Marks runs whose heartbeat stopped (their process died, or lost the store for longer than the timeout)
	 * as failed, so that a new run can start; returns the runs marked.
	 */
	List<Long> failAbandoned(Duration timeout) {
		return jdbc.sql("""
				UPDATE ingestion_run SET status = 'FAILED', finished_at = now(),
				    error = 'abandoned: no heartbeat from ' || coalesce(node, 'an unknown replica') || ' since '
				        || to_char(heartbeat_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
				        || ' (the replica died or lost the store); the next run completes its window'
				WHERE status = 'RUNNING' AND heartbeat_at < now() - make_interval(secs => :seconds)
				RETURNING id""")
			.param("seconds", timeout.toSeconds())
			.query(Long.class)
			.list();
	}

	/** The runs of this process are alive; returns those still RUNNING (the others were taken for abandoned). */
	List<Long> heartbeat(Collection<Long> ids) {
		return jdbc.sql("UPDATE ingestion_run SET heartbeat_at = now() WHERE id IN (:ids) AND status = 'RUNNING' RETURNING id")
			.param("ids", ids)
			.query(Long.class)
			.list();
	}

	void setWindow(long id, Instant windowStart, Instant windowEnd) {
		jdbc.sql("UPDATE ingestion_run SET window_start = :from, window_end = :to WHERE id = :id")
			.param("id", id)
			.param("from", timestamp(windowStart))
			.param("to", timestamp(windowEnd))
			.update();
	}

	/**
	 * Batches committed (in the transaction of the last): counts and heartbeat. Throws, rolling the batch back,
	 * when the run is no longer RUNNING.
	 */
	void progress(long id, int batches, long rowsRead, long rowsChanged, long analysed, long unanalysable, long masked,
			long closed) {
		int updated = jdbc.sql("""
				UPDATE ingestion_run SET rows_read = rows_read + :read, rows_changed = rows_changed + :changed,
				    statements_analysed = statements_analysed + :analysed, unanalysable = unanalysable + :unanalysable,
				    rows_masked = rows_masked + :masked, rows_closed = rows_closed + :closed, batches = batches + :batches,
				    heartbeat_at = now()
				WHERE id = :id AND status = 'RUNNING'""")
			.param("id", id)
			.param("batches", batches)
			.param("masked", masked)
			.param("closed", closed)
			.param("read", rowsRead)
			.param("changed", rowsChanged)
			.param("analysed", analysed)
			.param("unanalysable", unanalysable)
			.update();
		stillRunning(id, updated);
	}

	private static void stillRunning(long id, int updated) {
		if (updated == 0) {
			throw new RunTakenOverException(id);
		}
	}

	/** A lineage batch committed (in its transaction): the run heartbeats too. */
	void lineageProgress(long id, long rowsRead, long rowsNew) {
		int updated = jdbc.sql("""
				UPDATE ingestion_run SET lineage_rows_read = lineage_rows_read + :read,
				    lineage_rows_new = lineage_rows_new + :new, lineage_status = 'READ', heartbeat_at = now()
				WHERE id = :id AND status = 'RUNNING'""")
			.param("id", id)
			.param("read", rowsRead)
			.param("new", rowsNew)
			.update();
		stillRunning(id, updated);
	}

	/** The run's window holds this many rows (counted, or estimated when {@code estimated}). */
	void expect(long id, long rows, boolean estimated) {
		jdbc.sql("UPDATE ingestion_run SET rows_expected = :rows, rows_expected_estimated = :estimated WHERE id = :id")
			.param("id", id)
			.param("rows", rows)
			.param("estimated", estimated)
			.update();
	}

	/**
	 * An estimate of the rows of a window of the source, from its newest successful run that read rows: its
	 * rows per second of window times this window's seconds; empty before any such run.
	 */
	Optional<Long> estimateRows(String source, Instant from, Instant to) {
		return jdbc.sql("""
				SELECT rows_read / extract(epoch FROM window_end - window_start) FROM ingestion_run
				WHERE source = :source AND status = 'SUCCEEDED' AND kind <> 'REANALYSIS' AND rows_read > 0
				  AND window_end > window_start
				ORDER BY finished_at DESC LIMIT 1""")
			.param("source", source)
			.query((rs, n) -> Math.round(rs.getDouble(1) * Duration.between(from, to).toMillis() / 1000.0))
			.optional();
	}

	/** The lineage part ended: READ, UNAVAILABLE or FAILED, with why when it did not read. */
	void lineageFinished(long id, String status, String error) {
		jdbc.sql("UPDATE ingestion_run SET lineage_status = :status, lineage_error = :error WHERE id = :id")
			.param("id", id)
			.param("status", status)
			.param("error", error)
			.update();
	}

	/** Records the run's outcome; false when it was no longer RUNNING (another replica took it for abandoned). */
	boolean finish(long id, RunStatus status, String error, boolean zeroRowsAlert) {
		return jdbc.sql("""
				UPDATE ingestion_run SET status = :status, error = :error, zero_rows_alert = :alert, finished_at = now(),
				    heartbeat_at = now()
				WHERE id = :id AND status = 'RUNNING'""")
			.param("id", id)
			.param("status", status.name())
			.param("error", error)
			.param("alert", zeroRowsAlert)
			.update() == 1;
	}

	Optional<IngestionRun> find(long id) {
		return jdbc.sql("SELECT " + COLUMNS + " FROM ingestion_run WHERE id = :id")
			.param("id", id)
			.query(IngestionRunRepository::map)
			.optional();
	}

	/** A page of runs, newest first, of one source or (null) of all. */
	List<IngestionRun> page(String source, int page, int size) {
		return jdbc.sql("SELECT " + COLUMNS + " FROM ingestion_run WHERE (CAST(:source AS text) IS NULL OR source = :source)"
				+ " ORDER BY started_at DESC, id DESC LIMIT :size OFFSET :offset")
			.param("source", source)
			.param("size", size)
			.param("offset", (long) page * size)
			.query(IngestionRunRepository::map)
			.list();
	}

	long count(String source) {
		return jdbc.sql("SELECT count(*) FROM ingestion_run WHERE CAST(:source AS text) IS NULL OR source = :source")
			.param("source", source)
			.query(Long.class)
			.single();
	}

	Optional<IngestionRun> latest(String source, RunStatus status) {
		return jdbc.sql("SELECT " + COLUMNS
				+ " FROM ingestion_run WHERE source = :source AND status = :status ORDER BY started_at DESC, id DESC LIMIT 1")
			.param("source", source)
			.param("status", status.name())
			.query(IngestionRunRepository::map)
			.optional();
	}

	/** The newest successful run that read rows from the source (re-analysis and empty runs read none). */
	Optional<IngestionRun> latestSuccessWithRows(String source) {
		return jdbc.sql("SELECT " + COLUMNS + """
				 FROM ingestion_run WHERE source = :source AND status = 'SUCCEEDED' AND rows_read > 0 AND kind <> 'REANALYSIS'
				ORDER BY started_at DESC, id DESC LIMIT 1""")
			.param("source", source)
			.query(IngestionRunRepository::map)
			.optional();
	}

	/** The lineage part of the source's newest run that got to it. */
	Optional<IngestionRun.Lineage> latestLineage(String source) {
		return jdbc.sql("""
				SELECT lineage_status, lineage_rows_read, lineage_rows_new, lineage_error FROM ingestion_run
				WHERE source = :source AND lineage_status IS NOT NULL ORDER BY started_at DESC, id DESC LIMIT 1""")
			.param("source", source)
			.query((rs, n) -> new IngestionRun.Lineage(rs.getString(1), rs.getLong(2), rs.getLong(3), rs.getString(4)))
			.optional();
	}

	/** Since when nothing was read: the end of the last run that read rows, else the first run's start. */
	Optional<Instant> lastRowsReadAt(String source) {
		return jdbc.sql("""
				SELECT coalesce((SELECT max(finished_at) FROM ingestion_run
				                 WHERE source = :source AND rows_read > 0 AND kind <> 'REANALYSIS'),
				                (SELECT min(started_at) FROM ingestion_run WHERE source = :source AND kind <> 'REANALYSIS'))""")
			.param("source", source)
			.query((rs, n) -> rs.getTimestamp(1) == null ? null : rs.getTimestamp(1).toInstant())
			.optional();
	}

	private static IngestionRun map(ResultSet rs, int row) throws SQLException {
		return new IngestionRun(rs.getLong("id"), rs.getString("source"), rs.getString("kind"), rs.getString("status"),
				instant(rs.getTimestamp("window_start")), instant(rs.getTimestamp("window_end")),
				instant(rs.getTimestamp("started_at")), instant(rs.getTimestamp("finished_at")), rs.getLong("rows_read"),
				rs.getLong("rows_changed"), rs.getLong("statements_analysed"), rs.getLong("unanalysable"),
				rs.getLong("rows_masked"), rs.getLong("rows_closed"), rs.getInt("batches"), rs.getString("error"), rs.getBoolean("zero_rows_alert"), rs.getLong("duration_ms"),
				new IngestionRun.Lineage(rs.getString("lineage_status"), rs.getLong("lineage_rows_read"),
						rs.getLong("lineage_rows_new"), rs.getString("lineage_error")),
				rs.getObject("rows_expected") == null ? null : IngestionRun.Progress.of(rs.getLong("rows_expected"),
						rs.getBoolean("rows_expected_estimated"), rs.getLong("rows_read"), rs.getLong("duration_ms"),
						"RUNNING".equals(rs.getString("status")), rs.getTimestamp("now").toInstant()));
	}

	private static Instant instant(Timestamp timestamp) {
		return timestamp == null ? null : timestamp.toInstant();
	}

	private static Timestamp timestamp(Instant instant) {
		return instant == null ? null : Timestamp.from(instant);
	}

	/** The host and process id: two replicas on one host, or a restarted one, are told apart. */
	private static String nodeName() {
		String host;
		try {
			host = InetAddress.getLocalHost().getHostName();
		}
		catch (UnknownHostException ex) {
			host = "unknown";
		}
		return host + "/" + ProcessHandle.current().pid();
	}

}
