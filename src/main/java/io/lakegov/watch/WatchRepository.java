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

	private final WatchSecrets secrets;

	WatchRepository(JdbcClient jdbc, WatchSecrets secrets) {
		this.jdbc = jdbc;
		this.secrets = secrets;
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
			.param("url", secrets.seal(webhook.url()))
			.param("format", webhook.format())
			.param("secret", secrets.seal(secret))
			.param("createdBy", createdBy)
			.query(this::row)
			.single();
	}

	/** Every watch, oldest first. */
	public List<Watch> all() {
		return jdbc.sql("SELECT " + COLUMNS + " FROM watch ORDER BY id").query(this::row).list();
	}

	public Optional<Watch> byId(long id) {
		return jdbc.sql("SELECT " + COLUMNS + " FROM watch WHERE id = :id").param("id", id).query(this::row)
			.optional();
	}

	long count() {
		return jdbc.sql("SELECT count(*) FROM watch").query(Long.class).single();
	}

	/** Deletes the watch with its events and their attempts; false when there was none. */
	@Transactional
	boolean delete(long id) {
		jdbc.sql("DELETE FROM watch_event WHERE watch_id = :id").param("id", id).update();
		return jdbc.sql("DELETE FROM watch WHERE id = :id").param("id", id).update() > 0;
	}

	/**
	 * Seals the URL and secret of every watch not stored as {@link WatchSecrets#seal} would store them now (plain,
	 * or sealed with an earlier key), and checks that every other one opens; how many were sealed anew. A row
	 * another replica changed in between is left to it.
	 *
	 * @throws IllegalStateException when a watch's values do not open with the configured keys
	 */
	int sealAll() {
		int sealed = 0;
		for (Stored stored : jdbc.sql("SELECT id, url, secret FROM watch ORDER BY id")
			.query((rs, n) -> new Stored(rs.getLong(1), rs.getString(2), rs.getString(3)))
			.list()) {
			String url = secrets.open(stored.url());
			String secret = secrets.open(stored.secret());
			if (secrets.current(stored.url()) && secrets.current(stored.secret())) {
				continue;
			}
			sealed += jdbc.sql("""
					UPDATE watch SET url = :url, secret = :secret
					WHERE id = :id AND url = :oldUrl AND secret = :oldSecret""")
				.param("url", secrets.seal(url))
				.param("secret", secrets.seal(secret))
				.param("id", stored.id())
				.param("oldUrl", stored.url())
				.param("oldSecret", stored.secret())
				.update();
		}
		return sealed;
	}

	private record Stored(long id, String url, String secret) {
	}

	private Watch row(ResultSet rs, int n) throws SQLException {
		return new Watch(rs.getLong(1), rs.getString(2), strings(rs.getArray(3)),
				strings(rs.getArray(4)).stream().map(EventType::valueOf).toList(),
				new Watch.Webhook(secrets.open(rs.getString(5)), rs.getString(6)), secrets.open(rs.getString(7)),
				rs.getTimestamp(8).toInstant(), rs.getString(9));
	}

	private static List<String> strings(Array array) throws SQLException {
		return Arrays.asList((String[]) array.getArray());
	}

}
