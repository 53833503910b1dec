package io.lakegov.catalog;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import org.jspecify.annotations.Nullable;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The inventory's change history, from the validity intervals of {@code table_inventory}: a row opened after the
 * first sync is a table that appeared (or was renamed, when it took over a vanished table's storage path); a row
 * closed without a new name is a table that vanished. The first sync lists every table there is: those are not
 * changes.
 */
@Repository
public class CatalogChanges {

	private final JdbcClient jdbc;

	CatalogChanges(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/** One page of changes, newest first. */
	public record Page(List<CatalogChange> items, long total) {

		public Page {
			items = List.copyOf(items);
		}

	}

	/** The changes seen from {@code since} (included) to {@code until} (excluded), of one kind when given. */
	public Page changes(Instant since, Instant until, CatalogChange.@Nullable Change change, int limit, long offset) {
		List<CatalogChange> items = new ArrayList<>();
		long[] total = { 0 };
		jdbc.sql("""
				WITH first_sync AS (SELECT min(valid_from) AS at FROM table_inventory),
				changes AS (
				    SELECT i.full_name, CASE WHEN i.renamed_from IS NULL THEN 'APPEARED' ELSE 'RENAMED' END AS change,
				           i.valid_from AS at, i.renamed_from, i.table_type, i.storage_path
				    FROM table_inventory i, first_sync f
				    WHERE i.valid_from >= :since AND i.valid_from < :until AND i.valid_from > f.at
				    UNION ALL
				    SELECT i.full_name, 'VANISHED', i.valid_to, NULL, i.table_type, i.storage_path
				    FROM table_inventory i
				    WHERE i.valid_to >= :since AND i.valid_to < :until AND i.renamed_to IS NULL)
				SELECT full_name, change, at, renamed_from, table_type, storage_path, count(*) OVER () AS total
				FROM changes
				WHERE CAST(:change AS text) IS NULL OR change = :change
				ORDER BY at DESC, full_name, change
				LIMIT :limit OFFSET :offset""")
			.param("since", Timestamp.from(since))
			.param("until", Timestamp.from(until))
			.param("change", change == null ? null : change.name())
			.param("limit", limit)
			.param("offset", offset)
			.query(rs -> {
				items.add(new CatalogChange(rs.getString(1), CatalogChange.Change.valueOf(rs.getString(2)),
						rs.getTimestamp(3).toInstant(), rs.getString(4), rs.getString(5), rs.getString(6)));
				total[0] = rs.getLong(7);
			});
		return new Page(items, total[0]);
	}

}
