package io.lakegov.analysis;

import java.util.List;

import io.lakegov.sql.Analysis;
import io.lakegov.sql.ColumnAccess;
import io.lakegov.sql.ShareChange;
import io.lakegov.sql.TableAccess;
import io.lakegov.sql.TimeTravel;
import io.lakegov.web.ContractBounds;
import io.swagger.v3.oas.annotations.media.Schema;

/** The analyses of the requested statements, in request order. */
record AnalyzeResponse(List<Result> results) {

	/**
	 * What one statement reads, writes, grants on, references by foreign key and adds to (or updates in, or
	 * removes from) a share.
	 *
	 * @param table the name resolved with the request's defaults, as written (normalised) without them
	 * @param written the name as written, normalised
	 */
	record Access(String table, String written, boolean fullyQualified, TimeTravelView timeTravel) {
	}

	/**
	 * A column the statement reads or writes, as far as its text tells (the store resolves {@code *} and
	 * unqualified columns further against the column inventory).
	 *
	 * @param table the table resolved with the request's defaults; null for an unqualified column
	 * @param column the column, {@code *} for all, null when the analyser could not tell the columns
	 * @param candidates for an unqualified column, the tables it may come from per scope level, innermost first
	 * @param unknownRelations per level, whether a relation of unknown columns could supply it as well
	 */
	record ColumnView(String table, String column, String role, List<List<String>> candidates,
			List<Boolean> unknownRelations, boolean aliasFallback, List<String> except) {

		static ColumnView of(ColumnAccess access, String catalog, String schema) {
			return new ColumnView(access.table() == null ? null : access.table().resolve(catalog, schema).qualified(),
					access.column(), access.role().name(),
					access.scopes().stream()
						.map(level -> level.tables().stream().map(t -> t.resolve(catalog, schema).qualified()).toList())
						.toList(),
					access.scopes().stream().map(level -> level.opaque()).toList(), access.aliasFallback(),
					access.except());
		}

	}

	record TimeTravelView(String kind, String value, String syntax) {

		static TimeTravelView of(TimeTravel timeTravel) {
			return timeTravel == null ? null
					: new TimeTravelView(timeTravel.kind().name(), timeTravel.value(), timeTravel.syntax().name());
		}

	}

	/**
	 * What the statement does to a Delta Sharing share.
	 *
	 * @param action ADD, UPDATE or REMOVE (of {@code table}), RENAME (to {@code renamedTo}) or DROP (of the share)
	 * @param table the table resolved with the request's defaults; null for RENAME and DROP
	 * @param alias the name recipients see ({@code AS alias}), null when not given
	 * @param withHistory WITH HISTORY: true, WITHOUT HISTORY: false, not said: null
	 */
	record ShareChangeView(String action, String share, String table, String alias, Boolean withHistory,
			String renamedTo) {

		static ShareChangeView of(ShareChange change, String catalog, String schema) {
			return new ShareChangeView(change.action().name(), change.share(),
					change.table() == null ? null : change.table().resolve(catalog, schema).qualified(), change.alias(),
					change.withHistory(), change.renamedTo());
		}

	}

	record Result(String id, String status, String kind, List<Access> reads, List<Access> writes,
			List<Access> grants, List<Access> references, List<Access> shares, List<String> paths,
			@Schema(maxLength = ContractBounds.FINGERPRINT_LENGTH, pattern = ContractBounds.FINGERPRINT_PATTERN) String fingerprint,
			String redactedSql, String stage, String reason, String analyzerVersion, List<String> temporaryViews,
			List<ShareChangeView> shareChanges, List<ColumnView> columns) {

		static Result of(String id, Analysis analysis, String catalog, String schema) {
			return new Result(id, analysis.status().name(), analysis.kind(), accesses(analysis.reads(), catalog, schema),
					accesses(analysis.writes(), catalog, schema), accesses(analysis.grants(), catalog, schema),
					accesses(analysis.references(), catalog, schema), accesses(analysis.shares(), catalog, schema),
					analysis.paths(), analysis.fingerprint(), analysis.redactedSql(), analysis.stage(),
					analysis.reason(), analysis.analyzerVersion(), analysis.temporaryViews(),
					analysis.shareChanges().stream().map(change -> ShareChangeView.of(change, catalog, schema)).toList(),
					analysis.columns().stream().map(column -> ColumnView.of(column, catalog, schema)).toList());
		}

		private static List<Access> accesses(List<TableAccess> accesses, String catalog, String schema) {
			return accesses.stream().map(access -> {
				var resolved = access.name().resolve(catalog, schema);
				return new Access(resolved.qualified(), access.written().qualified(), resolved.isFullyQualified(),
						TimeTravelView.of(access.timeTravel()));
			}).toList();
		}

	}

}
