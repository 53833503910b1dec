package io.lakegov.ingest.batch;

import java.util.List;

import io.lakegov.sql.Analysis;
import io.lakegov.sql.SessionEffect;
import io.lakegov.sql.TableAccess;
import io.lakegov.sql.TimeTravel;
import io.lakegov.usage.StoredColumn;

/**
 * An analysis as the store keeps it, per statement text and analyser version: enough to derive usage
 * facts again (for another session context) without parsing the text again.
 *
 * @param status ANALYZED, PARTIAL, UNANALYZABLE, or for texts never analysed EMPTY and REDACTED
 * @param columns the columns read and written, as far as the text tells
 * @param onlyIfAbsent a CREATE ... VIEW IF NOT EXISTS, which defines nothing when the view exists
 */
public record StoredAnalysis(String status, String kind, String stage, String reason, String fingerprint,
		String redactedSql, List<Access> accesses, List<String> paths, boolean setsSession, String useCatalog,
		String useSchema, List<String> temporaryViews, List<ShareChange> shareChanges, List<StoredColumn> columns,
		boolean onlyIfAbsent) {

	static final String EMPTY = "EMPTY";

	static final String REDACTED = "REDACTED";

	public StoredAnalysis {
		accesses = List.copyOf(accesses);
		paths = List.copyOf(paths);
		temporaryViews = List.copyOf(temporaryViews);
		shareChanges = shareChanges == null ? List.of() : List.copyOf(shareChanges);
		columns = columns == null ? List.of() : List.copyOf(columns);
	}

	/**
	 * One table access.
	 *
	 * @param name the parts of the name, with USE statements of the same text applied
	 * @param written the parts as written
	 */
	record Access(List<String> name, List<String> written, String role, String timeTravelKind,
			String timeTravelValue, String timeTravelSyntax) {
	}

	/**
	 * What a statement does to a share (see {@link io.lakegov.sql.ShareChange}).
	 *
	 * @param action ADD, UPDATE, REMOVE, RENAME or DROP
	 * @param name the table's parts with USE statements of the same text applied; null for RENAME and DROP
	 */
	record ShareChange(String action, String share, List<String> name, String alias, Boolean withHistory,
			String renamedTo) {
	}

	static StoredAnalysis of(Analysis analysis) {
		SessionEffect effect = analysis.sessionEffect();
		return new StoredAnalysis(analysis.status().name(), analysis.kind(), analysis.stage(), analysis.reason(),
				analysis.fingerprint(), analysis.redactedSql(),
				analysis.accesses().stream().map(StoredAnalysis::access).toList(), analysis.paths(), effect != null,
				effect == null ? null : effect.catalog(), effect == null ? null : effect.schema(),
				analysis.temporaryViews(), analysis.shareChanges().stream().map(StoredAnalysis::change).toList(),
				analysis.columns().stream().map(StoredColumn::of).toList(), analysis.onlyIfAbsent());
	}

	private static ShareChange change(io.lakegov.sql.ShareChange change) {
		return new ShareChange(change.action().name(), change.share(),
				change.table() == null ? null : change.table().parts(), change.alias(), change.withHistory(),
				change.renamedTo());
	}

	static StoredAnalysis notAnalysed(String status, String reason) {
		return new StoredAnalysis(status, null, "none", reason, null, null, List.of(), List.of(), false, null, null,
				List.of(), List.of(), List.of(), false);
	}

	private static Access access(TableAccess access) {
		TimeTravel travel = access.timeTravel();
		return new Access(access.name().parts(), access.written().parts(), access.role().name(),
				travel == null ? null : travel.kind().name(), travel == null ? null : travel.value(),
				travel == null ? null : travel.syntax().name());
	}

	public boolean unanalysable() {
		return !"ANALYZED".equals(status) && !"PARTIAL".equals(status);
	}

}
