package io.lakegov.ingest;

import java.util.List;

import io.lakegov.sql.Analysis;
import io.lakegov.sql.SessionEffect;
import io.lakegov.sql.TableAccess;
import io.lakegov.sql.TimeTravel;

/**
 * An analysis as the store keeps it, per statement text and analyser version: enough to derive usage
 * facts again (for another session context) without parsing the text again.
 *
 * @param status ANALYZED, PARTIAL, UNANALYZABLE, or for texts never analysed EMPTY and REDACTED
 */
record StoredAnalysis(String status, String kind, String stage, String reason, String fingerprint,
		String redactedSql, List<Access> accesses, List<String> paths, boolean setsSession, String useCatalog,
		String useSchema, List<String> temporaryViews) {

	static final String EMPTY = "EMPTY";

	static final String REDACTED = "REDACTED";

	StoredAnalysis {
		accesses = List.copyOf(accesses);
		paths = List.copyOf(paths);
		temporaryViews = List.copyOf(temporaryViews);
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

	static StoredAnalysis of(Analysis analysis) {
		SessionEffect effect = analysis.sessionEffect();
		return new StoredAnalysis(analysis.status().name(), analysis.kind(), analysis.stage(), analysis.reason(),
				analysis.fingerprint(), analysis.redactedSql(),
				analysis.accesses().stream().map(StoredAnalysis::access).toList(), analysis.paths(), effect != null,
				effect == null ? null : effect.catalog(), effect == null ? null : effect.schema(),
				analysis.temporaryViews());
	}

	static StoredAnalysis notAnalysed(String status, String reason) {
		return new StoredAnalysis(status, null, "none", reason, null, null, List.of(), List.of(), false, null, null,
				List.of());
	}

	private static Access access(TableAccess access) {
		TimeTravel travel = access.timeTravel();
		return new Access(access.name().parts(), access.written().parts(), access.role().name(),
				travel == null ? null : travel.kind().name(), travel == null ? null : travel.value(),
				travel == null ? null : travel.syntax().name());
	}

	boolean unanalysable() {
		return !"ANALYZED".equals(status) && !"PARTIAL".equals(status);
	}

}
