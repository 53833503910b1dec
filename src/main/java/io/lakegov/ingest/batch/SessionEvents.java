package io.lakegov.ingest.batch;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;
import org.springframework.stereotype.Repository;

/**
 * What each session set with {@code USE} and which temporary views it created, by statement start, so
 * that later statements of the session resolve their names as the warehouse did. Sessions are a source's:
 * every method works on the sessions of one source.
 */
@Repository
public class SessionEvents {

	private final JdbcClient jdbc;

	SessionEvents(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/**
	 * One statement's effect on its session.
	 *
	 * @param catalog set by USE CATALOG (or a qualified USE SCHEMA), null when unchanged
	 * @param schema set by USE SCHEMA, null when unchanged (USE CATALOG alone resets it to {@code default})
	 */
	public record Event(String sessionId, Instant start, String statementId, boolean setsSession, String catalog,
			String schema, List<String> temporaryViews) {
	}

	/** The names in force for a statement: the session's current catalog and schema and its temp views. */
	public record State(String catalog, String schema, Set<String> temporaryViews) {

		public static final State NONE = new State(null, null, Set.of());

	}

	/**
	 * Replaces the events of the given statements with the given events, which belong to those statements
	 * or to statements that have no events yet.
	 */
	void replace(String source, Collection<String> statementIds, List<Event> events) {
		if (!statementIds.isEmpty()) {
			jdbc.sql("DELETE FROM session_event WHERE source = :source AND statement_id = ANY(:ids)")
				.param("source", source)
				.param("ids", new SqlArrayValue("text", statementIds.toArray()))
				.update();
		}
		if (events.isEmpty()) {
			return;
		}
		// an event's temp view names travel as one text joined by U+0001, which no view name contains
		jdbc.sql("""
				INSERT INTO session_event (source, session_id, start_time, statement_id, use_catalog, use_schema, temp_views)
				SELECT :source, session_id, start_time, statement_id, catalog, schema,
				       CASE WHEN views = '' THEN '{}'::text[] ELSE string_to_array(views, chr(1)) END
				FROM unnest(:sessions::text[], :starts::timestamptz[], :statements::text[], :catalogs::text[],
				    :schemas::text[], :views::text[]) AS e(session_id, start_time, statement_id, catalog, schema, views)
				ON CONFLICT (source, session_id, start_time, statement_id) DO UPDATE
				SET use_catalog = EXCLUDED.use_catalog, use_schema = EXCLUDED.use_schema, temp_views = EXCLUDED.temp_views""")
			.param("source", source)
			.param("sessions", new SqlArrayValue("text", events.stream().map(Event::sessionId).toArray()))
			.param("starts", new SqlArrayValue("timestamptz",
					events.stream().map(event -> Timestamp.from(event.start())).toArray()))
			.param("statements", new SqlArrayValue("text", events.stream().map(Event::statementId).toArray()))
			.param("catalogs", new SqlArrayValue("text",
					events.stream().map(event -> event.setsSession() ? event.catalog() : null).toArray()))
			.param("schemas", new SqlArrayValue("text",
					events.stream().map(event -> event.setsSession() ? event.schema() : null).toArray()))
			.param("views", new SqlArrayValue("text",
					events.stream().map(event -> String.join("\u0001", event.temporaryViews())).toArray()))
			.update();
	}

	/** All events of the given sessions, oldest first. */
	public Map<String, List<Event>> load(String source, Set<String> sessions) {
		Map<String, List<Event>> bySession = new HashMap<>();
		if (sessions.isEmpty()) {
			return bySession;
		}
		jdbc.sql("""
				SELECT session_id, start_time, statement_id, use_catalog, use_schema, temp_views
				FROM session_event WHERE source = :source AND session_id = ANY(:sessions)
				ORDER BY session_id, start_time, statement_id""")
			.param("source", source)
			.param("sessions", new SqlArrayValue("text", sessions.toArray()))
			.query((rs, n) -> {
				String catalog = rs.getString(4);
				String schema = rs.getString(5);
				boolean sets = catalog != null || schema != null;
				return new Event(rs.getString(1), rs.getTimestamp(2).toInstant(), rs.getString(3), sets,
						catalog, schema,
						Arrays.asList((String[]) rs.getArray(6).getArray()));
			})
			.list()
			.forEach(event -> bySession.computeIfAbsent(event.sessionId(), id -> new ArrayList<>()).add(event));
		return bySession;
	}

	/** The state a statement starting at {@code start} sees, after all earlier events of its session. */
	public static State stateAt(List<Event> events, Instant start) {
		if (events == null || events.isEmpty()) {
			return State.NONE;
		}
		String catalog = null;
		String schema = null;
		Set<String> views = new LinkedHashSet<>();
		for (Event event : events) {
			if (!event.start().isBefore(start)) {
				break;
			}
			if (event.setsSession()) {
				if (event.catalog() != null) {
					catalog = event.catalog();
					schema = event.schema() != null ? event.schema() : "default";
				}
				else if (event.schema() != null) {
					schema = event.schema();
				}
			}
			views.addAll(event.temporaryViews());
		}
		return new State(catalog, schema, views);
	}

}
