package io.lakegov.reports.rankings;

import java.util.List;

import io.lakegov.usage.DateRange;
import io.lakegov.usage.GenerationCache;
import io.lakegov.usage.PageRequest;
import io.lakegov.usage.TableRef;
import io.lakegov.web.ApiException;
import io.lakegov.web.PageResponse;

import org.springframework.stereotype.Service;

/** What a schema's tables were used for, with the schema's totals; reused until the next ingestion batch commits. */
@Service
public class SchemaUsageService {

	private final SchemaUsageRepository repository;

	private final GenerationCache cache;

	SchemaUsageService(SchemaUsageRepository repository, GenerationCache cache) {
		this.repository = repository;
		this.cache = cache;
	}

	/** The schema's tables, most read first; a schema written wrong is a 400. */
	public SchemaUsage usage(String schema, DateRange range, PageRequest page) {
		String name = schemaName(schema);
		return cache.get(List.of("schema", name, range, page), () -> {
			var rows = repository.tables(name, range, page);
			SchemaTotals totals = rows.isEmpty() ? repository.totals(name, range) : rows.get(0).totals();
			var tables = rows.stream().map(SchemaUsageRepository.Row::table).toList();
			return new SchemaUsage(name, totals.tables() > 0, range.from(), range.to(), totals,
					PageResponse.of(tables, page.page(), page.size(), totals.tables()));
		}, answer -> 1 + answer.tables().items().size());
	}

	/** {@code catalog.schema}: exactly two name parts, as table names are written. */
	static String schemaName(String raw) {
		TableRef ref;
		try {
			ref = TableRef.parse(raw);
		}
		catch (IllegalArgumentException ex) {
			throw ApiException.badRequest(ex.getMessage().replace("table name", "schema name")
				.replace("catalog.schema.table", "catalog.schema"));
		}
		if (ref.parts().size() != 2) {
			throw ApiException.badRequest("A schema name has two parts: catalog.schema.");
		}
		return ref.name();
	}

}
