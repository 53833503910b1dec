package io.lakegov.usage;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;


import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

/**
 * What statements did to Delta Sharing shares ({@code share_event}, replaced per statement like the facts) and the
 * exposure history derived from it ({@code table_share}). Share statements are rare, so a change to any of them
 * rebuilds the whole history from the events: renames link shares, and the history stays exactly what the
 * events say.
 */
@Repository
public class ShareRepository {

	private static final String EXPOSURE_COLUMNS = """
			source, table_name, share_name, alias, with_history, opened_by, added_at, added_by, added_statement, closed_by,
			removed_at, removed_by, removed_statement""";

	private final JdbcClient jdbc;

	private final RollupUpkeep upkeep;

	ShareRepository(JdbcClient jdbc, RollupUpkeep upkeep) {
		this.jdbc = jdbc;
		this.upkeep = upkeep;
	}

	/** One exposure period and the source of query history whose statements opened and closed it. */
	public record Exposure(String source, ShareExposure period) {
	}

	/**
	 * Replaces the share events of the given statements of one source with the given events (of those
	 * statements, or of statements with none yet) and, when that changed anything, the exposure history. Runs
	 * in the caller's transaction.
	 */
	@Transactional(propagation = Propagation.MANDATORY)
	public void replace(String source, Collection<String> statementIds, List<ShareEvent> events) {
		int removed = statementIds.isEmpty() ? 0 : jdbc.sql("""
				DELETE FROM share_event WHERE source = :source AND statement_id = ANY(:ids)""")
			.param("source", source)
			.param("ids", new SqlArrayValue("text", statementIds.toArray()))
			.update();
		if (removed == 0 && events.isEmpty()) {
			return;
		}
		events.forEach(event -> jdbc.sql("""
				INSERT INTO share_event (source, statement_id, event_no, action, share_name, table_name, alias,
				    with_history, renamed_to, user_name, event_time, execution_status)
				VALUES (:source, :statement, :no, :action, :share, :table, :alias, :history, :renamed, :user, :time, :status)""")
			.param("source", source)
			.param("statement", event.statementId())
			.param("no", event.eventNo())
			.param("action", event.action())
			.param("share", event.shareName())
			.param("table", event.tableName())
			.param("alias", event.alias())
			.param("history", event.withHistory())
			.param("renamed", event.renamedTo())
			.param("user", event.userName())
			.param("time", Timestamp.from(event.eventTime()))
			.param("status", event.executionStatus())
			.update());
		rebuild();
		upkeep.bumpGeneration();
	}

	private void rebuild() {
		// one rebuild at a time: two concurrent ones would each insert the whole history
		jdbc.sql("LOCK TABLE table_share IN SHARE ROW EXCLUSIVE MODE").update();
		// each source's events are folded on their own: a share is one region's, and so are its statements
		Map<String, List<ShareEvent>> bySource = new LinkedHashMap<>();
		jdbc.sql("""
				SELECT source, statement_id, event_no, action, share_name, table_name, alias, with_history, renamed_to,
				       user_name, event_time, execution_status
				FROM share_event
				ORDER BY source, event_time, statement_id, event_no""")
			.query((RowCallbackHandler) rs -> bySource.computeIfAbsent(rs.getString(1), source -> new ArrayList<>())
				.add(new ShareEvent(rs.getString(2), rs.getInt(3), rs.getString(4), rs.getString(5), rs.getString(6),
						rs.getString(7), (Boolean) rs.getObject(8), rs.getString(9), rs.getString(10),
						rs.getTimestamp(11).toInstant(), rs.getString(12))));
		jdbc.sql("DELETE FROM table_share").update();
		bySource.forEach((source, events) -> ShareExposures.fold(events).forEach(exposure -> insert(source, exposure)));
	}

	private void insert(String source, ShareExposure exposure) {
		jdbc.sql("INSERT INTO table_share (" + EXPOSURE_COLUMNS + """
				) VALUES (:source, :table, :share, :alias, :history, :opened, :added, :addedBy, :addedStatement,
				    :closed, :removed, :removedBy, :removedStatement)
				ON CONFLICT DO NOTHING""")
			.param("source", source)
			.param("table", exposure.table())
			.param("share", exposure.share())
			.param("alias", exposure.alias())
			.param("history", exposure.withHistory())
			.param("opened", exposure.openedBy())
			.param("added", Timestamp.from(exposure.addedAt()))
			.param("addedBy", exposure.addedBy())
			.param("addedStatement", exposure.addedStatement())
			.param("closed", exposure.closedBy())
			.param("removed", exposure.removedAt() == null ? null : Timestamp.from(exposure.removedAt()))
			.param("removedBy", exposure.removedBy())
			.param("removedStatement", exposure.removedStatement())
			.update();
	}

	/** The table's exposure periods, the current ones first, then the latest first; at most {@code limit}. */
	public List<Exposure> exposures(String table, int limit) {
		return jdbc.sql("SELECT " + EXPOSURE_COLUMNS + """

				FROM table_share
				WHERE table_name = :table
				ORDER BY removed_at DESC NULLS FIRST, added_at DESC, share_name, source
				LIMIT :limit""")
			.param("table", table)
			.param("limit", limit)
			.query((rs, n) -> exposure(rs))
			.list();
	}

	private static Exposure exposure(ResultSet rs) throws SQLException {
		return new Exposure(rs.getString(1), new ShareExposure(rs.getString(2), rs.getString(3), rs.getString(4),
				(Boolean) rs.getObject(5), rs.getString(6), instant(rs.getTimestamp(7)), rs.getString(8), rs.getString(9),
				rs.getString(10), instant(rs.getTimestamp(11)), rs.getString(12), rs.getString(13)));
	}

	private static Instant instant(Timestamp timestamp) {
		return timestamp == null ? null : timestamp.toInstant();
	}

}
