package io.lakegov.usage;

import java.util.List;
import java.util.Map;

import io.lakegov.web.ApiException;
import io.lakegov.web.ProblemTypes;

import org.springframework.http.HttpStatus;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * Turns the {@code {table}} of a request into a known table: a full name is taken as is, a one- or
 * two-part name is completed when exactly one known table ends with it. Answers 400 on a malformed
 * name and on a partial name that matches several tables (listing them).
 */
@Component
public class TableResolver {

	static final int MAX_CANDIDATES = 20;

	private final JdbcClient jdbc;

	TableResolver(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	public ResolvedTable resolve(String raw) {
		TableRef ref;
		try {
			ref = TableRef.parse(raw);
		}
		catch (IllegalArgumentException ex) {
			throw ApiException.badRequest(ex.getMessage());
		}
		String name = ref.name();
		if (ref.complete()) {
			return new ResolvedTable(name, known(name));
		}
		List<String> candidates = candidates(name);
		if (candidates.isEmpty()) {
			return new ResolvedTable(name, false);
		}
		if (candidates.size() == 1) {
			return new ResolvedTable(candidates.get(0), true);
		}
		boolean more = candidates.size() > MAX_CANDIDATES;
		throw new ApiException(HttpStatus.BAD_REQUEST, ProblemTypes.VALIDATION,
				"'" + name + "' matches " + (more ? "more than " + MAX_CANDIDATES + " tables (the first "
						+ MAX_CANDIDATES + " by name are listed)" : "several tables")
						+ "; give the full catalog.schema.table name.",
				Map.of("candidates", more ? candidates.subList(0, MAX_CANDIDATES) : candidates));
	}

	private boolean known(String name) {
		return jdbc.sql("""
				SELECT EXISTS (SELECT 1 FROM table_summary WHERE table_name = :name)
				    OR EXISTS (SELECT 1 FROM table_inventory WHERE full_name = :name)
				    OR EXISTS (SELECT 1 FROM table_share WHERE table_name = :name)""")
			.param("name", name)
			.query(Boolean.class)
			.single();
	}

	// the sets are one row per table (or per share period) (thousands, not millions), so a suffix scan is cheap
	private List<String> candidates(String partial) {
		return jdbc.sql("""
				SELECT table_name FROM (
				    SELECT table_name FROM table_summary
				    WHERE right(table_name, length(:suffix)) = :suffix OR table_name = :partial
				    UNION
				    SELECT full_name FROM table_inventory
				    WHERE right(full_name, length(:suffix)) = :suffix OR full_name = :partial
				    UNION
				    SELECT table_name FROM table_share
				    WHERE right(table_name, length(:suffix)) = :suffix OR table_name = :partial) names
				ORDER BY table_name
				LIMIT :limit""")
			.param("suffix", "." + partial)
			.param("partial", partial)
			.param("limit", MAX_CANDIDATES + 1)
			.query(String.class)
			.list();
	}

}
