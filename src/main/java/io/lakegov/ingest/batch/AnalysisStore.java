package io.lakegov.ingest.batch;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.lakegov.analysis.AnalysisProperties;
import io.lakegov.sql.StatementAnalyzer;
import io.lakegov.usage.StoredColumn;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * Analyses statement texts once per analyser version: from a bounded in-memory cache, else from the
 * store, else by running the analyser and storing the result.
 */
@Repository
public class AnalysisStore {


	/** The key under which a statement without text finds its (not-)analysis. */
	public static final String NO_TEXT = "no-text";

	private static final TypeReference<List<StoredAnalysis.Access>> ACCESSES = new TypeReference<>() {
	};

	private static final TypeReference<List<String>> STRINGS = new TypeReference<>() {
	};

	private static final TypeReference<List<StoredAnalysis.ShareChange>> SHARE_CHANGES = new TypeReference<>() {
	};

	private static final TypeReference<List<StoredColumn>> COLUMNS = new TypeReference<>() {
	};

	private final JdbcClient jdbc;

	private final StatementAnalyzer analyzer;

	private final JsonMapper json;

	private final Map<String, StoredAnalysis> cache;

	private final AnalysisMetrics metrics;

	AnalysisStore(JdbcClient jdbc, StatementAnalyzer analyzer, JsonMapper json, AnalysisProperties properties,
			AnalysisMetrics metrics) {
		this.jdbc = jdbc;
		this.metrics = metrics;
		this.analyzer = analyzer;
		// stored analyses of this analyser version that a newer build wrote (replicas of two builds during a
		// rolling deploy) may hold fields this one does not know: they are read, not refused as request bodies are
		this.json = json.rebuild().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).build();
		int capacity = properties.cacheSize();
		this.cache = Collections.synchronizedMap(new LinkedHashMap<>(16, 0.75f, true) {
			@Override
			protected boolean removeEldestEntry(Map.Entry<String, StoredAnalysis> eldest) {
				return size() > capacity;
			}
		});
	}

	/** What a batch of texts needed: the analyses by text hash and how many texts were parsed anew. */
	public record Lookup(Map<String, StoredAnalysis> byHash, int analysed) {
	}

	/** The SHA-256 of a statement text, the key of its analysis; null for no text. */
	static String hash(String text) {
		if (text == null) {
			return null;
		}
		try {
			byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
			return java.util.HexFormat.of().formatHex(digest);
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException("SHA-256 is part of every Java runtime", ex);
		}
	}

	/**
	 * Ahead of a batch's transaction: analyses the texts that neither the cache nor the store knows, and
	 * stores those analyses at once in their own transaction. An analysis depends only on its text and the
	 * analyser version, so storing it before (or without) the batch that needed it is harmless, and it
	 * keeps that work out of the batch's transaction. Returns the analyses of all the texts, which the
	 * batch's transaction then needs neither to look up nor to read back from the store.
	 */
	Lookup analyseAhead(Map<String, String> textsByHash) {
		Map<String, StoredAnalysis> found = new HashMap<>();
		List<String> missing = new ArrayList<>();
		textsByHash.keySet().forEach(hash -> {
			StoredAnalysis cached = cache.get(hash);
			if (cached != null) {
				found.put(hash, cached);
			}
			else {
				missing.add(hash);
			}
		});
		if (missing.isEmpty()) {
			metrics.looked(found.size(), 0, 0);
			return new Lookup(found, 0);
		}
		int fromMemory = found.size();
		Map<String, StoredAnalysis> stored = load(missing);
		cache.putAll(stored);
		found.putAll(stored);
		List<Map.Entry<String, StoredAnalysis>> fresh = new ArrayList<>();
		for (String hash : missing) {
			if (!stored.containsKey(hash)) {
				fresh.add(Map.entry(hash, analyse(textsByHash.get(hash))));
			}
		}
		insert(fresh);
		fresh.forEach(entry -> {
			cache.put(entry.getKey(), entry.getValue());
			found.put(entry.getKey(), entry.getValue());
		});
		metrics.looked(fromMemory, stored.size(), fresh.size());
		return new Lookup(found, fresh.size());
	}

	/**
	 * The analyses of the given texts (by hash), analysing and storing those not seen before; a hash whose
	 * text is gone (null) and whose analysis is not stored for this analyser version is left out. In a
	 * transaction, what it stores enters the cache once that transaction commits, so the cache never holds
	 * an analysis that a rolled-back transaction failed to store.
	 */
	public Lookup analyses(Map<String, String> textsByHash) {
		Map<String, StoredAnalysis> found = new HashMap<>();
		List<String> missing = new ArrayList<>();
		textsByHash.forEach((hash, text) -> {
			StoredAnalysis cached = cache.get(hash);
			if (cached != null) {
				found.put(hash, cached);
			}
			else {
				missing.add(hash);
			}
		});
		int fromMemory = found.size();
		int fromStore = 0;
		if (!missing.isEmpty()) {
			Map<String, StoredAnalysis> stored = load(missing);
			found.putAll(stored);
			cache.putAll(stored);
			fromStore = stored.size();
		}
		int analysed = 0;
		List<Map.Entry<String, StoredAnalysis>> fresh = new ArrayList<>();
		for (String hash : textsByHash.keySet()) {
			if (found.containsKey(hash) || textsByHash.get(hash) == null && !NO_TEXT.equals(hash)) {
				// a stored statement whose raw text is gone cannot be analysed anew: the caller keeps its facts
				continue;
			}
			StoredAnalysis analysis = analyse(textsByHash.get(hash));
			analysed++;
			found.put(hash, analysis);
			fresh.add(Map.entry(hash, analysis));
		}
		insert(fresh);
		cacheAfterCommit(fresh);
		metrics.looked(fromMemory, fromStore, analysed);
		return new Lookup(found, analysed);
	}

	private void cacheAfterCommit(List<Map.Entry<String, StoredAnalysis>> fresh) {
		if (fresh.isEmpty()) {
			return;
		}
		if (!TransactionSynchronizationManager.isSynchronizationActive()) {
			fresh.forEach(entry -> cache.put(entry.getKey(), entry.getValue()));
			return;
		}
		TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
			@Override
			public void afterCommit() {
				fresh.forEach(entry -> cache.put(entry.getKey(), entry.getValue()));
			}
		});
	}

	private StoredAnalysis analyse(String text) {
		StoredAnalysis analysis = analyseText(text);
		metrics.analysed(analysis);
		return analysis;
	}

	private StoredAnalysis analyseText(String text) {
		if (text == null || text.isBlank()) {
			return StoredAnalysis.notAnalysed(StoredAnalysis.EMPTY, "the source row has no statement text");
		}
		if (MaskedTexts.isRedacted(text)) {
			return StoredAnalysis.notAnalysed(StoredAnalysis.REDACTED,
					"the source redacted the statement text: the reading principal lacks access to it");
		}
		return StoredAnalysis.of(analyzer.analyze(text));
	}

	private Map<String, StoredAnalysis> load(List<String> hashes) {
		Map<String, StoredAnalysis> loaded = new HashMap<>();
		jdbc.sql("""
				SELECT text_hash, status, kind, stage, reason, fingerprint, redacted_sql, accesses::text,
				       paths::text, use_catalog, use_schema, temporary_views::text, (use_catalog IS NOT NULL OR use_schema IS NOT NULL),
				       share_changes::text, columns::text, only_if_absent
				FROM statement_analysis
				WHERE analyzer_version = :version AND text_hash = ANY(:hashes)""")
			.param("version", StatementAnalyzer.VERSION)
			.param("hashes", new SqlArrayValue("text", hashes.toArray()))
			.query((ResultSet rs) -> {
				loaded.put(rs.getString(1), read(rs));
			});
		return loaded;
	}

	private StoredAnalysis read(ResultSet rs) throws SQLException {
		return new StoredAnalysis(rs.getString(2), rs.getString(3), rs.getString(4), rs.getString(5),
				rs.getString(6), rs.getString(7), json.readValue(rs.getString(8), ACCESSES),
				json.readValue(rs.getString(9), STRINGS), rs.getBoolean(13), rs.getString(10), rs.getString(11),
				json.readValue(rs.getString(12), STRINGS), json.readValue(rs.getString(14), SHARE_CHANGES),
				json.readValue(rs.getString(15), COLUMNS), rs.getBoolean(16));
	}

	/** Stores new analyses with one statement; a concurrent writer of the same analysis is harmless. */
	private void insert(List<Map.Entry<String, StoredAnalysis>> fresh) {
		if (fresh.isEmpty()) {
			return;
		}
		int n = fresh.size();
		Object[][] columns = new Object[15][n];
		for (int i = 0; i < n; i++) {
			StoredAnalysis analysis = fresh.get(i).getValue();
			columns[0][i] = fresh.get(i).getKey();
			columns[1][i] = analysis.status();
			columns[2][i] = analysis.kind();
			columns[3][i] = analysis.stage();
			columns[4][i] = analysis.reason();
			columns[5][i] = analysis.fingerprint();
			columns[6][i] = analysis.redactedSql();
			columns[7][i] = json.writeValueAsString(analysis.accesses());
			columns[8][i] = json.writeValueAsString(analysis.paths());
			columns[9][i] = analysis.useCatalog();
			columns[10][i] = analysis.useSchema();
			columns[11][i] = json.writeValueAsString(analysis.temporaryViews());
			columns[12][i] = json.writeValueAsString(analysis.shareChanges());
			columns[13][i] = json.writeValueAsString(analysis.columns());
			columns[14][i] = analysis.onlyIfAbsent();
		}
		jdbc.sql("""
				INSERT INTO statement_analysis (text_hash, analyzer_version, status, kind, stage, reason, fingerprint,
				    redacted_sql, accesses, paths, use_catalog, use_schema, temporary_views, share_changes, columns,
				    only_if_absent, analyzed_at)
				SELECT hash, :version, status, kind, stage, reason, fingerprint, redacted, accesses::jsonb, paths::jsonb,
				       catalog, schema, views::jsonb, shares::jsonb, cols::jsonb, if_absent, now()
				FROM unnest(:hashes::text[], :statuses::text[], :kinds::text[], :stages::text[], :reasons::text[],
				    :fingerprints::text[], :redacted::text[], :accesses::text[], :paths::text[], :catalogs::text[],
				    :schemas::text[], :views::text[], :shares::text[], :cols::text[], :ifAbsent::boolean[])
				    AS a(hash, status, kind, stage, reason, fingerprint, redacted, accesses, paths, catalog, schema, views,
				         shares, cols, if_absent)
				ON CONFLICT (text_hash, analyzer_version) DO NOTHING""")
			.param("version", StatementAnalyzer.VERSION)
			.param("hashes", new SqlArrayValue("text", columns[0]))
			.param("statuses", new SqlArrayValue("text", columns[1]))
			.param("kinds", new SqlArrayValue("text", columns[2]))
			.param("stages", new SqlArrayValue("text", columns[3]))
			.param("reasons", new SqlArrayValue("text", columns[4]))
			.param("fingerprints", new SqlArrayValue("text", columns[5]))
			.param("redacted", new SqlArrayValue("text", columns[6]))
			.param("accesses", new SqlArrayValue("text", columns[7]))
			.param("paths", new SqlArrayValue("text", columns[8]))
			.param("catalogs", new SqlArrayValue("text", columns[9]))
			.param("schemas", new SqlArrayValue("text", columns[10]))
			.param("views", new SqlArrayValue("text", columns[11]))
			.param("shares", new SqlArrayValue("text", columns[12]))
			.param("cols", new SqlArrayValue("text", columns[13]))
			.param("ifAbsent", new SqlArrayValue("boolean", columns[14]))
			.update();
	}

}
