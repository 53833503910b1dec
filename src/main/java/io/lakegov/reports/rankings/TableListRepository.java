package io.lakegov.reports.rankings;

import java.util.List;

import io.lakegov.reports.Counted;
import io.lakegov.reports.TableUsageRepository;
import io.lakegov.usage.DateRange;
import io.lakegov.usage.PageRequest;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import static io.lakegov.reports.TableUsageRepository.instant;

/**
 * Table lists: every table known from facts, shares or the inventory, and the inventory's unused tables.
 * Joins the catalog's {@code table_inventory} with {@code table_summary} (one row per table each) and the
 * share history {@code table_share} (a few rows per shared table) so that neither list touches the facts.
 * A table in a share is never unused: its recipients read it outside this workspace's query history.
 */
@Repository
class TableListRepository {

	private final JdbcClient jdbc;

	TableListRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	List<Counted<TableEntry>> tables(String prefix, PageRequest page) {
		return jdbc.sql("""
				SELECT n.name, i.id IS NOT NULL AS in_inventory, s.last_read, s.last_write,
				       EXISTS (SELECT 1 FROM table_share sh WHERE sh.table_name = n.name AND sh.removed_at IS NULL),
				       count(*) OVER () AS total
				FROM (SELECT table_name AS name FROM table_summary WHERE left(table_name, length(:prefix)) = :prefix
				      UNION
				      SELECT full_name FROM table_inventory WHERE left(full_name, length(:prefix)) = :prefix
				      UNION
				      SELECT table_name FROM table_share WHERE left(table_name, length(:prefix)) = :prefix) n
				LEFT JOIN table_summary s ON s.table_name = n.name
				LEFT JOIN table_inventory i ON i.full_name = n.name AND i.valid_to IS NULL
				ORDER BY n.name
				LIMIT :limit OFFSET :offset""")
			.param("prefix", prefix)
			.param("limit", page.size())
			.param("offset", page.offset())
			.query((rs, n) -> new Counted<>(new TableEntry(rs.getString(1), rs.getBoolean(2),
					instant(rs.getTimestamp(3)), instant(rs.getTimestamp(4)), rs.getBoolean(5)), rs.getLong(6)))
			.list();
	}

	/**
	 * Tables whose name contains the text anywhere, those starting with it first, then by name. The text is
	 * matched literally: its {@code %}, {@code _} and backslashes are escaped. A sequential pass over the names
	 * only (no facts), which the three name lists keep small: a table has one row in each.
	 */
	List<Counted<TableEntry>> containing(String text, PageRequest page) {
		return jdbc.sql("""
				SELECT n.name, i.id IS NOT NULL AS in_inventory, s.last_read, s.last_write,
				       EXISTS (SELECT 1 FROM table_share sh WHERE sh.table_name = n.name AND sh.removed_at IS NULL),
				       count(*) OVER () AS total
				FROM (SELECT table_name AS name FROM table_summary WHERE table_name ILIKE :pattern ESCAPE '\\'
				      UNION
				      SELECT full_name FROM table_inventory WHERE full_name ILIKE :pattern ESCAPE '\\'
				      UNION
				      SELECT table_name FROM table_share WHERE table_name ILIKE :pattern ESCAPE '\\') n
				LEFT JOIN table_summary s ON s.table_name = n.name
				LEFT JOIN table_inventory i ON i.full_name = n.name AND i.valid_to IS NULL
				ORDER BY left(n.name, length(:text)) = :text DESC, n.name
				LIMIT :limit OFFSET :offset""")
			.param("pattern", "%" + likeEscaped(text) + "%")
			.param("text", text)
			.param("limit", page.size())
			.param("offset", page.offset())
			.query((rs, n) -> new Counted<>(new TableEntry(rs.getString(1), rs.getBoolean(2),
					instant(rs.getTimestamp(3)), instant(rs.getTimestamp(4)), rs.getBoolean(5)), rs.getLong(6)))
			.list();
	}

	/** Schemas ({@code catalog.schema}) of the known tables whose name contains the text, by name. */
	List<String> schemasContaining(String text, int limit) {
		return jdbc.sql("""
				SELECT DISTINCT regexp_replace(n.name, '[.][^.]*$', '') AS schema
				FROM (SELECT table_name AS name FROM table_summary
				      UNION
				      SELECT full_name FROM table_inventory
				      UNION
				      SELECT table_name FROM table_share) n
				WHERE regexp_replace(n.name, '[.][^.]*$', '') ILIKE :pattern ESCAPE '\\'
				ORDER BY schema
				LIMIT :limit""")
			.param("pattern", "%" + likeEscaped(text) + "%")
			.param("limit", limit)
			.query(String.class)
			.list();
	}

	/** The text as a LIKE pattern that matches it literally, with the backslash as the escape character. */
	static String likeEscaped(String text) {
		return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_");
	}

	long countTables(String prefix) {
		return jdbc.sql("""
				SELECT count(*) FROM (
				    SELECT table_name FROM table_summary WHERE left(table_name, length(:prefix)) = :prefix
				    UNION
				    SELECT full_name FROM table_inventory WHERE left(full_name, length(:prefix)) = :prefix
				    UNION
				    SELECT table_name FROM table_share WHERE left(table_name, length(:prefix)) = :prefix) n""")
			.param("prefix", prefix)
			.query(Long.class)
			.single();
	}

	/**
	 * Oldest last access first; tables never read nor written come first of all; shared tables, the given
	 * tables (read through views in the window) and tables whose name without catalog or schema was read in
	 * the window (which may have been theirs) are left out, and so are renamed tables read in the window under
	 * the name they had, up to the day of the rename.
	 */
	List<Counted<UnusedTable>> unused(DateRange window, List<String> readThroughViews, PageRequest page) {
		return jdbc.sql("""
				SELECT i.full_name, i.table_type, i.created, s.last_read, s.last_write,
				       coalesce(s.last_write_date >= :from, false) AS written, count(*) OVER () AS total
				FROM table_inventory i
				LEFT JOIN table_summary s ON s.table_name = i.full_name
				WHERE i.valid_to IS NULL AND (s.last_read_date IS NULL OR s.last_read_date < :from)
				    AND NOT EXISTS (SELECT 1 FROM table_daily f
				                    WHERE f.table_name = i.renamed_from AND f.reads > 0
				                      AND f.business_date BETWEEN :from AND CAST(i.valid_from AS date))
				    AND NOT EXISTS (SELECT 1 FROM table_share sh WHERE sh.table_name = i.full_name AND sh.removed_at IS NULL)
				    AND NOT EXISTS (SELECT 1 FROM table_summary u
				                    WHERE u.table_name IN (lower(i.table_schema) || '.' || lower(i.table_name), lower(i.table_name))
				                      AND u.last_read_date >= :from)
				    AND NOT i.full_name = ANY(:viewed)
				ORDER BY greatest(s.last_read, s.last_write) ASC NULLS FIRST, i.full_name
				LIMIT :limit OFFSET :offset""")
			.param("from", window.from())
			.param("viewed", TableUsageRepository.array("text", readThroughViews.toArray(String[]::new)))
			.param("limit", page.size())
			.param("offset", page.offset())
			.query((rs, n) -> new Counted<>(new UnusedTable(rs.getString(1), rs.getString(2),
					instant(rs.getTimestamp(3)), instant(rs.getTimestamp(4)), instant(rs.getTimestamp(5)),
					rs.getBoolean(6)), rs.getLong(7)))
			.list();
	}

	long inventoryTables() {
		return jdbc.sql("SELECT count(*) FROM table_inventory WHERE valid_to IS NULL").query(Long.class).single();
	}

	long countUnused(DateRange window, List<String> readThroughViews) {
		return jdbc.sql("""
				SELECT count(*) FROM table_inventory i
				LEFT JOIN table_summary s ON s.table_name = i.full_name
				WHERE i.valid_to IS NULL AND (s.last_read_date IS NULL OR s.last_read_date < :from)
				    AND NOT EXISTS (SELECT 1 FROM table_daily f
				                    WHERE f.table_name = i.renamed_from AND f.reads > 0
				                      AND f.business_date BETWEEN :from AND CAST(i.valid_from AS date))
				    AND NOT EXISTS (SELECT 1 FROM table_share sh WHERE sh.table_name = i.full_name AND sh.removed_at IS NULL)
				    AND NOT EXISTS (SELECT 1 FROM table_summary u
				                    WHERE u.table_name IN (lower(i.table_schema) || '.' || lower(i.table_name), lower(i.table_name))
				                      AND u.last_read_date >= :from)
				    AND NOT i.full_name = ANY(:viewed)""")
			.param("from", window.from())
			.param("viewed", TableUsageRepository.array("text", readThroughViews.toArray(String[]::new)))
			.query(Long.class)
			.single();
	}

}
