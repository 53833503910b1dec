package io.lakegov.catalog;

import java.sql.Date;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** The deprecation marks of tables ({@code table_deprecation}), one per table. */
@Repository
public class Deprecations {

	private static final String COLUMNS = "table_name, planned, note, marked_at, marked_by";

	private final JdbcClient jdbc;

	Deprecations(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/**
	 * Marks the table, or changes the planned date and note of its mark: a mark changed keeps when and by whom
	 * it was made, since reads after that time are what its owner hears of. The mark as stored.
	 */
	public Deprecation mark(Deprecation deprecation) {
		return jdbc.sql("""
				INSERT INTO table_deprecation (table_name, planned, note, marked_at, marked_by)
				VALUES (:table, :planned, :note, :markedAt, :markedBy)
				ON CONFLICT (table_name) DO UPDATE SET planned = EXCLUDED.planned, note = EXCLUDED.note
				RETURNING""" + " " + COLUMNS)
			.param("table", deprecation.table())
			.param("planned", Date.valueOf(deprecation.plannedDate()))
			.param("note", deprecation.note())
			.param("markedAt", Timestamp.from(deprecation.markedAt()))
			.param("markedBy", deprecation.markedBy())
			.query(Deprecations::row)
			.single();
	}

	/** Takes the mark off; false when the table had none. */
	public boolean unmark(String table) {
		return jdbc.sql("DELETE FROM table_deprecation WHERE table_name = :table").param("table", table).update() > 0;
	}

	public Optional<Deprecation> of(String table) {
		return jdbc.sql("SELECT " + COLUMNS + " FROM table_deprecation WHERE table_name = :table")
			.param("table", table)
			.query(Deprecations::row)
			.optional();
	}

	/** Every mark: there are a handful, kept in memory by what checks reads against them. */
	public List<Deprecation> all() {
		return jdbc.sql("SELECT " + COLUMNS + " FROM table_deprecation ORDER BY table_name").query(Deprecations::row).list();
	}

	private static Deprecation row(ResultSet rs, int n) throws SQLException {
		return new Deprecation(rs.getString(1), rs.getObject(2, LocalDate.class), rs.getString(3),
				rs.getTimestamp(4).toInstant(), rs.getString(5));
	}

}
