package io.lakegov.retention;

import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import io.lakegov.history.SourceAnswer;
import io.lakegov.history.SourceGap;
import io.lakegov.history.SourceRequests;
import io.lakegov.history.SourceVisit;
import io.lakegov.sql.TableName;
import io.lakegov.usage.DateRange;
import io.lakegov.usage.ResolvedTable;
import io.lakegov.usage.TableResolver;
import io.lakegov.views.ReadsThroughViews;
import io.lakegov.web.ApiException;
import io.lakegov.web.Secrets;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.stereotype.Service;

/**
 * Decides which tables to look at, gathers their evidence and settings and applies the rules. The list
 * of proposals is computed on request and reused for a short while.
 * <p>
 * Everything read live from the source (the inventory, settings, commit histories) goes through one
 * {@link SourceVisit} per request, bounded by {@code lakegov.source.request-timeout}; what the source does
 * not give is left out and said so in the answer's {@link Availability}, never a failed request. An answer
 * with such a gap is not reused, so that the next request tries again (the settings it did read are).
 * <p>
 * Tables looked at: those time-travelled (or failing to) in the lookback; those with known retention
 * settings (local warehouse: every table with properties; Databricks: the newest altered inventory tables,
 * bounded); and every inventory table, for REVIEW_UNUSED, up to {@code max-inventory-tables} of them (the
 * most recently altered; a longer inventory is said to be cut).
 */
@Service
public class RetentionService {

	private static final Comparator<RetentionProposal> ORDER = Comparator.comparing(RetentionProposal::kind)
		.thenComparing(RetentionProposal::confidence)
		.thenComparing(RetentionProposal::table);

	private final RetentionFactsRepository facts;

	private final TableMetadata metadata;

	private static final Logger log = LoggerFactory.getLogger(RetentionService.class);

	private final SourceRequests source;

	private final RetentionProperties config;

	private final Clock clock;

	private final ExpiringCache<String, Proposals> computed;

	private final ReadsThroughViews throughViews;

	private final TableResolver resolver;

	RetentionService(RetentionFactsRepository facts, TableMetadata metadata, SourceRequests source,
			RetentionProperties config, Clock clock, ReadsThroughViews throughViews, TableResolver resolver) {
		this.facts = facts;
		this.resolver = resolver;
		this.throughViews = throughViews;
		this.metadata = metadata;
		this.source = source;
		this.config = config;
		this.clock = clock;
		this.computed = new ExpiringCache<>(1, config.proposalsCacheTtl(), clock);
	}

	/**
	 * Every proposal, and how much of the source they rest on.
	 *
	 * @param items RAISE first, then LOWER, then REVIEW_UNUSED; higher confidence first within each
	 * @param inventory whether the source's table inventory was read
	 * @param metadata how many of the tables' settings and histories the source gave
	 * @param inventoryLimit the inventory's tables looked at at most, the most recently altered
	 * @param inventoryCut whether the inventory lists more tables than were looked at
	 */
	record Proposals(List<RetentionProposal> items, Availability inventory, Availability metadata, int inventoryLimit,
			boolean inventoryCut) {

		boolean complete() {
			return inventory.complete() && metadata.complete();
		}

	}

	/**
	 * One page of the proposals, of one kind ({@code RAISE}, {@code LOWER} or {@code REVIEW_UNUSED}, any case) or
	 * of every kind when none is given.
	 *
	 * @throws ApiException a 400 for an unknown kind
	 */
	public ProposalPage page(@Nullable String kind, int page, int size) {
		Optional<RetentionKind> wanted = kind(kind);
		Proposals proposals = proposals();
		List<RetentionProposal> matching = proposals.items()
			.stream()
			.filter(proposal -> wanted.isEmpty() || proposal.kind() == wanted.get())
			.toList();
		return ProposalPage.of(proposals, matching, page, size);
	}

	private static Optional<RetentionKind> kind(@Nullable String kind) {
		if (kind == null || kind.isBlank()) {
			return Optional.empty();
		}
		try {
			return Optional.of(RetentionKind.valueOf(kind.strip().toUpperCase(Locale.ROOT)));
		}
		catch (IllegalArgumentException ex) {
			throw ApiException.badRequest("Unknown kind '" + (kind.length() > 40 ? kind.substring(0, 40) + "..." : kind)
					+ "'; use one of " + Arrays.toString(RetentionKind.values()) + ".");
		}
	}

	/** How many days back the evidence reaches. */
	public long lookbackDays() {
		return config.lookback().toDays();
	}

	Proposals proposals() {
		Optional<Proposals> kept = computed.find("all");
		if (kept.isPresent()) {
			return kept.get();
		}
		Proposals proposals = computeAll();
		if (proposals.complete()) {
			computed.put("all", proposals);
		}
		return proposals;
	}

	private Proposals computeAll() {
		Instant now = clock.instant();
		Instant from = now.minus(config.lookback());
		Map<String, List<TravelRead>> reads = facts.travelReads(from)
			.stream()
			.collect(Collectors.groupingBy(TravelRead::table, LinkedHashMap::new, Collectors.toList()));
		SourceVisit visit = source.visit();
		String inventoryTable = source.database().inventoryTable();
		int limit = config.maxInventoryTables();
		// one more than looked at, to tell an inventory of exactly the limit from a longer one
		SourceAnswer<Map<TableName, SourceInventory.Entry>> listed = visit.read(inventoryName(),
				jdbc -> SourceInventory.tables(jdbc, inventoryTable, limit + 1));
		Map<TableName, SourceInventory.Entry> inventory = new LinkedHashMap<>(listed.orElse(Map.of()));
		logGap(listed);
		boolean cut = inventory.size() > limit;
		if (cut) {
			TableName beyond = List.copyOf(inventory.keySet()).get(limit);
			inventory.remove(beyond);
			log.info("The table inventory lists more than {} tables; retention proposals look at the {} altered most "
					+ "recently (lakegov.retention.max-inventory-tables)", limit, limit);
		}
		TableMetadata.Reading reading = metadata.reading(visit);
		Set<TableName> withSettings = new LinkedHashSet<>(reading.tablesWithSettings(config.maxProbedTables()));
		Set<TableName> candidates = new LinkedHashSet<>();
		reads.keySet().forEach(name -> SourceInventory.parse(name).ifPresent(candidates::add));
		candidates.addAll(withSettings);
		candidates.addAll(inventory.keySet());
		Map<String, TableUsage> usage = facts.usage(candidates.stream().map(TableName::qualified).toList(), from);
		Map<String, Long> viewReads = throughViews.reads(lookback(from, now));
		RetentionRules rules = rules(from);
		List<RetentionProposal> proposals = new ArrayList<>();
		for (TableName table : candidates) {
			List<TravelRead> tableReads = reads.getOrDefault(table.qualified(), List.of());
			boolean ask = !tableReads.isEmpty() || withSettings.contains(table);
			SourceInventory.Entry entry = inventory.get(table);
			TableFacts tableFacts = facts(reading, table, tableReads,
					usage.getOrDefault(table.qualified(), TableUsage.NONE)
						.withReadsThroughViews(viewReads.getOrDefault(table.qualified(), 0L)),
					from, now, ask, entry);
			proposals.addAll(rules.propose(tableFacts));
		}
		proposals.sort(ORDER);
		return new Proposals(List.copyOf(proposals), Availability.of(listed), reading.availability(), limit, cut);
	}

	/**
	 * One table, computed now: its evidence, settings and proposals. A partial name is completed as the other
	 * table answers complete it (when exactly one known table ends with it); a text that is no table name, a
	 * partial name that matches several tables (listed) or none, and a storage path are a 400.
	 */
	public TableRetention table(String table) {
		TableName asked = tableName(table, false);
		if (asked.parts().size() == 3) {
			return table(asked);
		}
		ResolvedTable resolved = resolver.resolve(table);
		String[] parts = resolved.name().split("\\.");
		if (!resolved.seen() || parts.length != 3) {
			throw ApiException.badRequest("'" + table.strip() + "' names no table lakegov knows; write the whole "
					+ "catalog.schema.table.");
		}
		return table(new TableName(List.of(parts)));
	}

	/**
	 * One table as the pages name it ({@code catalog.schema.table}, parts in backticks where needed), computed
	 * now; empty for a name that is no such name (a path, or a partial name that no catalog completed), which
	 * retention proposals are not made for.
	 */
	public Optional<TableRetention> tableIfNamed(String table) {
		TableName name;
		try {
			name = TableName.parse(table);
		}
		catch (IllegalArgumentException ex) {
			return Optional.empty();
		}
		return name.parts().size() != 3 || name.isPath() ? Optional.empty() : Optional.of(table(name));
	}

	/** One table, computed now: its evidence, settings and proposals. */
	TableRetention table(TableName table) {
		Instant now = clock.instant();
		Instant from = now.minus(config.lookback());
		List<TravelRead> reads = facts.travelReads(from, table.qualified());
		TableUsage usage = facts.usage(List.of(table.qualified()), from)
			.getOrDefault(table.qualified(), TableUsage.NONE)
			.withReadsThroughViews(throughViews.reads(table.qualified(), lookback(from, now)));
		SourceVisit visit = source.visit();
		String inventoryTable = source.database().inventoryTable();
		SourceAnswer<Optional<SourceInventory.Entry>> listed = visit.read(inventoryName(),
				jdbc -> SourceInventory.find(jdbc, inventoryTable, table));
		SourceInventory.Entry entry = listed.orElse(Optional.empty()).orElse(null);
		logGap(listed);
		TableMetadata.Reading reading = metadata.reading(visit);
		TableFacts tableFacts = facts(reading, table, reads, usage, from, now, true, entry);
		return new TableRetention(table.qualified(), tableFacts.evidence(),
				TableRetention.Settings.of(tableFacts.settings()), rules(from).propose(tableFacts),
				Availability.of(listed), reading.availability());
	}

	private TableFacts facts(TableMetadata.Reading metadata, TableName table, List<TravelRead> reads,
			TableUsage usage, Instant from, Instant now, boolean askSettings, SourceInventory.Entry inventoryEntry) {
		// DESCRIBE HISTORY only for tables someone reached into by version
		CommitHistory history = reads.stream().anyMatch(TravelRead::byVersion) ? metadata.history(table)
				: CommitHistory.EMPTY;
		RetentionEvidence evidence = EvidenceCollector.collect(table.qualified(), from, now, reads, history, usage);
		RetentionSettings settings = askSettings ? metadata.settings(table) : metadata.notAsked();
		return new TableFacts(table, evidence, settings, inventoryEntry != null,
				inventoryEntry == null ? null : inventoryEntry.created());
	}

	/** The business days of the lookback, as the daily rollups count them, at most as many as a range holds. */
	private DateRange lookback(Instant from, Instant now) {
		LocalDate to = facts.day(now);
		LocalDate first = facts.day(from);
		return new DateRange(first.isBefore(to.minusDays(DateRange.MAX_DAYS - 1L)) ? to.minusDays(DateRange.MAX_DAYS - 1L)
				: first, to);
	}

	private String inventoryName() {
		return "the table inventory " + source.database().inventoryTable();
	}

	private static void logGap(SourceAnswer<?> answer) {
		if (answer instanceof SourceAnswer.Unanswered<?> unanswered) {
			SourceGap gap = unanswered.gap();
			log.warn("Table inventory unanswered: {} [{}]", gap.reason(), Secrets.mask(gap.detail()));
		}
	}

	private RetentionRules rules(Instant from) {
		boolean covers = facts.firstDay().map(first -> !first.isAfter(facts.day(from))).orElse(false);
		return new RetentionRules(config, from, covers);
	}

	/** The name a text gives; a 400 when it is none, or (when {@code complete}) not a whole catalog.schema.table. */
	static TableName tableName(String text, boolean complete) {
		TableName table;
		try {
			table = TableName.parse(text.strip());
		}
		catch (IllegalArgumentException ex) {
			throw ApiException.badRequest("'" + text + "' is not a table name; write catalog.schema.table.");
		}
		if (table.isPath() || table.parts().size() > 3 || complete && table.parts().size() != 3) {
			throw ApiException.badRequest("'" + text + "' is not a table name; write catalog.schema.table.");
		}
		return table;
	}

}
