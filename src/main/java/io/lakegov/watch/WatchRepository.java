package io.lakegov.watch;

import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Transactional;

/** The watches ({@code watch}), with their secrets. */
@Repository
public class WatchRepository {

	private static final String COLUMNS = "id, name, tables, events, url, format, secret, created_at, created_by";

	private final JdbcClient jdbc;

	WatchRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	Watch insert(String name, List<String> tables, List<EventType> events, Watch.Webhook webhook, String secret,
			String createdBy) {
		return jdbc.sql("""
				INSERT INTO watch (name, tables, events, url, format, secret, created_at, created_by)
				VALUES (:name, :tables, :events, :url, :format, :secret, now(), :createdBy)
				RETURNING""" + " " + COLUMNS)
			.param("name", name)
			.param("tables", new SqlArrayValue("text", tables.toArray()))
			.param("events", new SqlArrayValue("text", events.stream().map(Enum::name).toArray()))
			.param("url", webhook.url())
			.param("format", webhook.format())
			.param("secret", secret)
			.param("createdBy", createdBy)
			.query(WatchRepository::row)
			.single();
	}

	/** Every watch, oldest first. */
	public List<Watch> all() {
		return jdbc.sql("SELECT " + COLUMNS + " FROM watch ORDER BY id").query(WatchRepository::row).list();
	}

	public Optional<Watch> byId(long id) {
		return jdbc.sql("SELECT " + COLUMNS + " FROM watch WHERE id = :id").param("id", id).query(WatchRepository::row)
			.optional();
	}

	/** Deletes the watch with its events and their attempts; false when there was none. */
	@Transactional
	boolean delete(long id) {
		jdbc.sql("DELETE FROM watch_event WHERE watch_id = :id").param("id", id).update();
		return jdbc.sql("DELETE FROM watch WHERE id = :id").param("id", id).update() > 0;
	}

	private static Watch row(ResultSet rs, int n) throws SQLException {
		return new Watch(rs.getLong(1), rs.getString(2), strings(rs.getArray(3)),
				strings(rs.getArray(4)).stream().map(EventType::valueOf).toList(),
				new Watch.Webhook(rs.getString(5), rs.getString(6)), rs.getString(7), rs.getTimestamp(8).toInstant(),
				rs.getString(9));
	}

	private static List<String> strings(Array array) throws SQLException {
		return Arrays.asList((String[]) array.getArray());
	}

}
