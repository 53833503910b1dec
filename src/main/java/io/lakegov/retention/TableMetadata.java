package io.lakegov.retention;

import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

import io.lakegov.history.SourceAnswer;
import io.lakegov.history.SourceGap;
import io.lakegov.history.SourceVisit;
import io.lakegov.sql.TableName;
import io.lakegov.web.Secrets;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * Tables' retention settings and commit histories from the source, cached. A source that refuses
 * (no permission, a table that is gone, a stopped warehouse, no answer within the request's bound) gives
 * unknown settings or an empty history, never a failure: proposals are still made, marked, and the
 * answer says how many reads gave nothing. Only what the source answered is cached.
 */
@Component
class TableMetadata {

	private static final Logger log = LoggerFactory.getLogger(TableMetadata.class);

	private final TableMetadataSource source;

	private final SettingsParser parser;

	private final ExpiringCache<TableName, RetentionSettings> settings;

	private final ExpiringCache<TableName, CommitHistory> histories;

	TableMetadata(TableMetadataSource source, RetentionProperties config, Clock clock) {
		this.source = source;
		this.parser = new SettingsParser(config);
		this.settings = new ExpiringCache<>(config.settingsCacheSize(), config.settingsCacheTtl(), clock);
		this.histories = new ExpiringCache<>(config.historyCacheSize(), config.historyCacheTtl(), clock);
	}

	/** One answer's reads, through the request's visit of the source. */
	Reading reading(SourceVisit visit) {
		return new Reading(visit);
	}

	/** The metadata reads of one answer, counted for its {@link Availability}. */
	final class Reading {

		private final SourceVisit visit;

		private final Availability.Tally tally = new Availability.Tally();

		private Reading(SourceVisit visit) {
			this.visit = visit;
		}

		RetentionSettings settings(TableName table) {
			Optional<RetentionSettings> cached = settings.find(table);
			if (cached.isPresent()) {
				tally.add(null);
				return cached.get();
			}
			SourceAnswer<Map<String, String>> answer = read("SHOW TBLPROPERTIES of " + table.qualified(),
					jdbc -> source.properties(jdbc, table));
			if (answer instanceof SourceAnswer.Answered<Map<String, String>> answered) {
				RetentionSettings parsed = parser.parse(answered.value());
				settings.put(table, parsed);
				return parsed;
			}
			return parser.unknown("settings unknown, defaults assumed: " + gap(answer).reason());
		}

		/** Settings of a table the source was not asked about: the defaults, known only if nothing is set. */
		RetentionSettings notAsked() {
			return source.listsAllSettings() ? parser.parse(Map.of())
					: parser.unknown("not asked: only time-travelled tables and the newest altered inventory tables are; "
							+ "defaults assumed");
		}

		/** The commit history; empty (every version depth unknown) when the source gives none. */
		CommitHistory history(TableName table) {
			Optional<CommitHistory> cached = histories.find(table);
			if (cached.isPresent()) {
				tally.add(null);
				return cached.get();
			}
			SourceAnswer<List<CommitHistory.Commit>> answer = read("DESCRIBE HISTORY of " + table.qualified(),
					jdbc -> source.history(jdbc, table));
			if (answer instanceof SourceAnswer.Answered<List<CommitHistory.Commit>> answered) {
				CommitHistory history = new CommitHistory(answered.value());
				histories.put(table, history);
				return history;
			}
			return CommitHistory.EMPTY;
		}

		/** The tables worth asking for their settings; none when the source gives no list. */
		List<TableName> tablesWithSettings(int limit) {
			SourceAnswer<List<TableName>> answer = read("the list of tables with retention properties",
					jdbc -> source.tablesWithSettings(jdbc, limit));
			return answer.orElse(List.of());
		}

		Availability availability() {
			return tally.result();
		}

		private <T> SourceAnswer<T> read(String what, Function<JdbcClient, T> query) {
			SourceGap down = visit.down();
			SourceAnswer<T> answer = visit.read(what, query);
			if (answer instanceof SourceAnswer.Unanswered<T> unanswered) {
				SourceGap gap = unanswered.gap();
				// once the source is out of reach every further read says so: one warning is enough
				if (gap != down) {
					log.warn("Table metadata unanswered: {} [{}]", gap.reason(), Secrets.mask(gap.detail()));
				}
				tally.add(gap);
			}
			else {
				tally.add(null);
			}
			return answer;
		}

	}

	private static SourceGap gap(SourceAnswer<?> answer) {
		return ((SourceAnswer.Unanswered<?>) answer).gap();
	}

}
