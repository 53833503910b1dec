package io.lakegov.impact;

import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import io.lakegov.catalog.Deprecations;
import io.lakegov.catalog.TableInventory;
import io.lakegov.usage.BusinessDates;
import io.lakegov.usage.DateRange;
import io.lakegov.usage.GenerationCache;
import io.lakegov.usage.ResolvedTable;
import io.lakegov.usage.ShareExposure;
import io.lakegov.usage.ShareRepository;
import io.lakegov.views.ViewReach;

import org.springframework.stereotype.Service;

/**
 * Builds the impact report of a table from the usage rollups and the inventory history. The usage part is
 * reused until the next ingestion batch commits; the inventory part is read on every request, because the
 * catalog sync changes it without an ingestion batch.
 */
@Service
public class ImpactService {

	public static final int MAX_LISTED = 100;

	/** Query sources that are scheduled data engineering, not people looking at data. */
	static final Set<String> ETL_SOURCES = Set.of("JOB", "PIPELINE");

	/** Ties in any fixed order, so which sources make the cut never depends on how PostgreSQL hashed them. */
	private static final Comparator<ImpactSource> BUSIEST_SOURCE_FIRST = Comparator
		.comparingLong(ImpactSource::statements)
		.reversed()
		.thenComparing(ImpactSource::kind)
		.thenComparing(ImpactSource::id)
		.thenComparing(ImpactSource::role);

	/** Business days an impact report looks back when it is not told otherwise. */
	public static final int DEFAULT_LOOKBACK_DAYS = 90;

	private final ImpactRepository repository;

	private final TableInventory inventory;

	private final GenerationCache cache;

	private final ThroughViews throughViews;

	private final ShareRepository shares;

	private final Deprecations deprecations;

	private final BusinessDates dates;

	ImpactService(ImpactRepository repository, TableInventory inventory, GenerationCache cache,
			ThroughViews throughViews, ShareRepository shares, Deprecations deprecations, BusinessDates dates) {
		this.dates = dates;
		this.deprecations = deprecations;
		this.repository = repository;
		this.shares = shares;
		this.inventory = inventory;
		this.cache = cache;
		this.throughViews = throughViews;
	}

	public ImpactReport report(ResolvedTable table, DateRange window) {
		var status = inventory.status(table.name()).orElse(null);
		// a table lakegov never saw may still be read through a view or under a shorter name: asked all the same
		// reads under the name a rename took it from, up to the rename, were reads of this table
		ImpactRepository.FormerName former = status == null || status.renamedFrom() == null || status.firstSeen() == null
				? null : new ImpactRepository.FormerName(status.renamedFrom(), status.firstSeen(),
						status.firstSeen().atZone(dates.zone()).toLocalDate());
		ImpactReport report = cache.get(Arrays.asList("impact", table.name(), former, window),
				() -> usage(table.name(), former, window), ImpactService::rows);
		return report.withCatalog(table.seen(), status, deprecations.of(table.name()).orElse(null));
	}

	/** The report without its catalog part (inventory and mark, {@code null} there). */
	private ImpactReport usage(String table, ImpactRepository.FormerName former, DateRange window) {
		var usage = repository.usage(table, former, window, MAX_LISTED);
		List<ImpactRepository.UsageRow> rows = usage.rows();
		List<ImpactUser> readers = users(rows, "READ");
		List<ImpactUser> writers = users(rows, "WRITE");
		List<ImpactRepository.UsageRow> sourceRows = rows.stream()
			.filter(row -> !row.byUser() && !"ADHOC".equals(row.sourceKind()))
			.toList();
		long reads = readers.stream().mapToLong(ImpactUser::statements).sum();
		var viewsPart = throughViews.of(table, window,
				readers.stream().map(ImpactUser::user).collect(Collectors.toSet()));
		long etlReads = rows.stream()
			.filter(row -> !row.byUser() && "READ".equals(row.role()) && ETL_SOURCES.contains(row.sourceKind()))
			.mapToLong(ImpactRepository.UsageRow::statements)
			.sum();
		List<ImpactShare> shared = shares.exposures(table, MAX_LISTED).stream().map(ImpactService::share).toList();
		var unqualified = repository.unqualifiedReads(table, window);
		long unqualifiedReads = unqualified.statements();
		long currentShares = shared.stream().filter(ImpactShare::current).count();
		var evidence = new Evidence(reads, writers.stream().mapToLong(ImpactUser::statements).sum(),
				readers.stream().mapToLong(ImpactUser::timeTravelStatements).sum(), readers.size(), writers.size(),
				etlReads, reads - etlReads,
				sourceRows.stream().map(row -> row.sourceKind() + "/" + row.sourceId()).distinct().count(),
				readers.stream().mapToLong(ImpactUser::lineageOnly).sum(),
				writers.stream().mapToLong(ImpactUser::lineageOnly).sum(),
				viewsPart.views().stream().map(ViewReach::view).distinct().count(), viewsPart.reads(),
				viewsPart.etlReads(), viewsPart.readers().size(), currentShares, unqualifiedReads);
		long allReads = reads + viewsPart.reads();
		long allEtlReads = etlReads + viewsPart.etlReads();
		Verdict verdict = currentShares > 0 ? Verdict.SHARED
				: allReads > 0 ? (allEtlReads == allReads ? Verdict.READ_ONLY_BY_ETL : Verdict.ACTIVE)
						: unqualifiedReads > 0 ? Verdict.POSSIBLY_READ : Verdict.UNUSED;
		List<ImpactSource> sources = sourceRows.stream()
			.map(row -> new ImpactSource(row.sourceKind(), row.sourceId(), row.role(), row.statements(), row.lineageOnly(),
					row.last()))
			.sorted(BUSIEST_SOURCE_FIRST)
			.limit(MAX_LISTED)
			.toList();
		return new ImpactReport(table, true, window.from(), window.to(), verdict, evidence, usage.lastRead(),
				usage.lastWrite(), limited(readers), limited(writers), sources, usage.downstream(), usage.upstream(),
				shared, null, viewsPart.views().stream().limit(MAX_LISTED).toList(),
				viewsPart.readers().stream().limit(MAX_LISTED).toList(), viewsPart.limits(), null, unqualified.names(),
				limited(unqualified.readers()));
	}

	private static ImpactShare share(ShareRepository.Exposure sourced) {
		ShareExposure exposure = sourced.period();
		return new ImpactShare(exposure.share(), exposure.current(), exposure.alias(), exposure.withHistory(),
				exposure.addedAt(), exposure.addedBy(), exposure.addedStatement(), exposure.openedBy(),
				exposure.removedAt(), exposure.removedBy(), exposure.closedBy(), sourced.source());
	}

	private static int rows(ImpactReport report) {
		return report.readers().size() + report.writers().size() + report.sources().size() + report.unqualifiedNames().size()
				+ report.unqualifiedReaders().size()
				+ report.downstream().size() + report.upstream().size() + report.views().size()
				+ report.indirectReaders().size() + report.shares().size();
	}

	private static List<ImpactUser> users(List<ImpactRepository.UsageRow> rows, String role) {
		return rows.stream()
			.filter(row -> row.byUser() && role.equals(row.role()))
			.map(row -> new ImpactUser(row.user(), row.statements(), row.lineageOnly(), row.timeTravel(), row.last()))
			.sorted(Comparator.comparingLong(ImpactUser::statements).reversed().thenComparing(ImpactUser::user))
			.toList();
	}

	private static List<ImpactUser> limited(List<ImpactUser> users) {
		return users.size() > MAX_LISTED ? users.subList(0, MAX_LISTED) : users;
	}

}
