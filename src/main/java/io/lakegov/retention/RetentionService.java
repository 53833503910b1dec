package io.lakegov.retention;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import io.lakegov.history.SourceDatabase;
import io.lakegov.sql.TableName;

import org.springframework.stereotype.Service;

/**
 * Decides which tables to look at, gathers their evidence and settings and applies the rules. The list
 * of proposals is computed on request and reused for a short while.
 * <p>
 * Tables looked at: those time-travelled (or failing to) in the lookback; those with known retention
 * settings (local warehouse: every table with properties; Databricks: the newest altered inventory tables,
 * bounded); and every inventory table, for REVIEW_UNUSED.
 */
@Service
class RetentionService {

	/** Inventory tables considered at most; a lakehouse with more is reviewed in its newest altered part. */
	static final int INVENTORY_LIMIT = 20_000;

	private static final Comparator<RetentionProposal> ORDER = Comparator.comparing(RetentionProposal::kind)
		.thenComparing(RetentionProposal::confidence)
		.thenComparing(RetentionProposal::table);

	private final RetentionFactsRepository facts;

	private final TableMetadata metadata;

	private final SourceDatabase source;

	private final RetentionProperties config;

	private final Clock clock;

	private final ExpiringCache<String, List<RetentionProposal>> computed;

	RetentionService(RetentionFactsRepository facts, TableMetadata metadata, SourceDatabase source,
			RetentionProperties config, Clock clock) {
		this.facts = facts;
		this.metadata = metadata;
		this.source = source;
		this.config = config;
		this.clock = clock;
		this.computed = new ExpiringCache<>(1, config.proposalsCacheTtl(), clock);
	}

	/** Every proposal, RAISE first, then LOWER, then REVIEW_UNUSED; higher confidence first within each. */
	List<RetentionProposal> proposals() {
		return computed.get("all", key -> computeAll());
	}

	private List<RetentionProposal> computeAll() {
		Instant now = clock.instant();
		Instant from = now.minus(config.lookback());
		Map<String, List<TravelRead>> reads = facts.travelReads(from)
			.stream()
			.collect(Collectors.groupingBy(TravelRead::table, LinkedHashMap::new, Collectors.toList()));
		Map<TableName, SourceInventory.Entry> inventory = SourceInventory.tables(source, INVENTORY_LIMIT);
		Set<TableName> withSettings = new LinkedHashSet<>(metadata.tablesWithSettings(config.maxProbedTables()));
		Set<TableName> candidates = new LinkedHashSet<>();
		reads.keySet().forEach(name -> SourceInventory.parse(name).ifPresent(candidates::add));
		candidates.addAll(withSettings);
		candidates.addAll(inventory.keySet());
		Map<String, TableUsage> usage = facts.usage(candidates.stream().map(TableName::qualified).toList(), from);
		RetentionRules rules = rules(from);
		List<RetentionProposal> proposals = new ArrayList<>();
		for (TableName table : candidates) {
			List<TravelRead> tableReads = reads.getOrDefault(table.qualified(), List.of());
			boolean ask = !tableReads.isEmpty() || withSettings.contains(table);
			SourceInventory.Entry entry = inventory.get(table);
			TableFacts tableFacts = facts(table, tableReads, usage.getOrDefault(table.qualified(), TableUsage.NONE), from,
					now, ask, entry);
			proposals.addAll(rules.propose(tableFacts));
		}
		proposals.sort(ORDER);
		return List.copyOf(proposals);
	}

	/** One table, computed now: its evidence, settings and proposals. */
	TableRetention table(TableName table) {
		Instant now = clock.instant();
		Instant from = now.minus(config.lookback());
		List<TravelRead> reads = facts.travelReads(from, table.qualified());
		TableUsage usage = facts.usage(List.of(table.qualified()), from).getOrDefault(table.qualified(), TableUsage.NONE);
		SourceInventory.Entry entry = SourceInventory.find(source, table).orElse(null);
		TableFacts tableFacts = facts(table, reads, usage, from, now, true, entry);
		return new TableRetention(table.qualified(), tableFacts.evidence(),
				TableRetention.Settings.of(tableFacts.settings()), rules(from).propose(tableFacts));
	}

	private TableFacts facts(TableName table, List<TravelRead> reads, TableUsage usage, Instant from, Instant now,
			boolean askSettings, SourceInventory.Entry inventoryEntry) {
		// DESCRIBE HISTORY only for tables someone reached into by version
		CommitHistory history = reads.stream().anyMatch(TravelRead::byVersion) ? metadata.history(table)
				: CommitHistory.EMPTY;
		RetentionEvidence evidence = EvidenceCollector.collect(table.qualified(), from, now, reads, history, usage);
		RetentionSettings settings = askSettings ? metadata.settings(table) : metadata.notAsked();
		return new TableFacts(table, evidence, settings, inventoryEntry != null,
				inventoryEntry == null ? null : inventoryEntry.created());
	}

	private RetentionRules rules(Instant from) {
		boolean covers = facts.firstDay().map(first -> !first.isAfter(RetentionFactsRepository.day(from))).orElse(false);
		return new RetentionRules(config, from, covers);
	}

}
