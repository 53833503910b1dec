package io.lakegov.impact;

import java.util.Comparator;
import java.util.List;

import io.lakegov.usage.DateRange;
import io.lakegov.usage.GenerationCache;
import io.lakegov.usage.ResolvedTable;
import io.lakegov.views.Views;

import org.springframework.stereotype.Service;

/**
 * Puts a column's impact report together, in one snapshot of the store, reused until the next ingestion
 * batch or column inventory change.
 */
@Service
public class ColumnImpactService {

	private final ColumnImpactRepository repository;

	private final GenerationCache cache;

	private final Views views;

	ColumnImpactService(ColumnImpactRepository repository, GenerationCache cache, Views views) {
		this.repository = repository;
		this.cache = cache;
		this.views = views;
	}

	public ColumnImpactReport report(ResolvedTable table, ColumnName column, DateRange window) {
		String name = table.name();
		String col = column.name();
		if (!table.seen()) {
			return new ColumnImpactReport(name, col, false, window.from(), window.to(),
					ColumnImpactReport.Verdict.UNUSED, new ColumnImpactReport.Evidence(0, 0, 0, 0, 0, 0, 0, 0), null,
					null, List.of(), List.of(), List.of(), List.of(), List.of(), null);
		}
		return cache.get(List.of("column-impact", name, col, window), () -> compute(name, col, window),
				report -> report.readers().size() + report.writers().size() + report.sources().size()
						+ report.downstream().size() + report.views().size());
	}

	private ColumnImpactReport compute(String name, String col, DateRange window) {
		var users = repository.users(name, col, window);
		List<ImpactUser> readers = users(users, "READ");
		List<ImpactUser> writers = users(users, "WRITE");
		var sourceRows = repository.sources(name, col, window);
		long reads = readers.stream().mapToLong(ImpactUser::statements).sum();
		long writes = writers.stream().mapToLong(ImpactUser::statements).sum();
		long etlReads = sourceRows.stream()
			.filter(row -> "READ".equals(row.role()) && ImpactService.ETL_SOURCES.contains(row.kind()))
			.mapToLong(ColumnImpactRepository.SourceRow::statements)
			.sum();
		List<ImpactSource> sources = sourceRows.stream()
			.filter(row -> !"ADHOC".equals(row.kind()))
			.map(row -> new ImpactSource(row.kind(), row.id(), row.role(), row.statements(), 0, row.last()))
			.sorted(Comparator.comparingLong(ImpactSource::statements).reversed()
				.thenComparing(ImpactSource::kind).thenComparing(ImpactSource::id).thenComparing(ImpactSource::role))
			.limit(ImpactService.MAX_LISTED)
			.toList();
		var uncertain = repository.uncertain(name, col, window);
		List<ColumnImpactReport.View> views = this.views.readingColumn(name, col)
			.stream()
			.limit(ImpactService.MAX_LISTED)
			.map(view -> new ColumnImpactReport.View(view.view(), view.kind(), view.witness(), view.definedAt()))
			.toList();
		var evidence = new ColumnImpactReport.Evidence(reads, writes, readers.size(), writers.size(), etlReads,
				reads - etlReads, uncertain.references(), uncertain.unknownStatements());
		return new ColumnImpactReport(name, col, true, window.from(), window.to(), verdict(evidence, views),
				evidence, repository.last(name, col, "READ"), repository.last(name, col, "WRITE"), limited(readers),
				limited(writers), sources, repository.downstream(name, col, window, ImpactService.MAX_LISTED), views,
				repository.inInventory(name, col));
	}

	static ColumnImpactReport.Verdict verdict(ColumnImpactReport.Evidence evidence,
			List<ColumnImpactReport.View> views) {
		if (evidence.reads() > 0) {
			return evidence.etlReads() == evidence.reads() ? ColumnImpactReport.Verdict.READ_ONLY_BY_ETL
					: ColumnImpactReport.Verdict.ACTIVE;
		}
		if (evidence.writes() > 0) {
			return ColumnImpactReport.Verdict.WRITTEN_ONLY;
		}
		if (!views.isEmpty()) {
			return ColumnImpactReport.Verdict.USED_BY_VIEWS;
		}
		return evidence.uncertainReads() > 0 || evidence.unknownStatements() > 0
				? ColumnImpactReport.Verdict.POSSIBLY_USED : ColumnImpactReport.Verdict.UNUSED;
	}

	private static List<ImpactUser> users(List<ColumnImpactRepository.UserRow> rows, String role) {
		return rows.stream()
			.filter(row -> role.equals(row.role()))
			.map(row -> new ImpactUser(row.user(), row.statements(), 0, 0, row.last()))
			.sorted(Comparator.comparingLong(ImpactUser::statements).reversed().thenComparing(ImpactUser::user))
			.toList();
	}

	private static List<ImpactUser> limited(List<ImpactUser> users) {
		return users.size() > ImpactService.MAX_LISTED ? users.subList(0, ImpactService.MAX_LISTED) : users;
	}

}
