package io.lakegov.retention;

import java.time.Clock;
import java.util.List;
import java.util.Map;

import io.lakegov.sql.TableName;
import io.lakegov.web.Secrets;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.dao.DataAccessException;
import org.springframework.stereotype.Component;

/**
 * Tables' retention settings and commit histories from the source, cached. A source that refuses
 * (no permission, a table that is gone, a stopped warehouse) gives unknown settings or an empty history,
 * never a failure: proposals are still made, marked.
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

	RetentionSettings settings(TableName table) {
		try {
			return settings.get(table, name -> parser.parse(source.properties(name)));
		}
		catch (DataAccessException ex) {
			log.warn("Could not read the properties of {}: {}", table, Secrets.mask(ex.getMostSpecificCause().toString()));
			return parser.unknown("the source refused SHOW TBLPROPERTIES ("
					+ ex.getMostSpecificCause().getClass().getSimpleName() + "); defaults assumed");
		}
	}

	/** Settings of a table the source was not asked about: the defaults, known only if nothing is set. */
	RetentionSettings notAsked() {
		return source.listsAllSettings() ? parser.parse(Map.of())
				: parser.unknown("not asked: only time-travelled tables and the newest altered inventory tables are; "
						+ "defaults assumed");
	}

	/** The commit history; empty (every version depth unknown) when the source refuses. */
	CommitHistory history(TableName table) {
		try {
			return histories.get(table, name -> new CommitHistory(source.history(name)));
		}
		catch (DataAccessException ex) {
			log.warn("Could not read the history of {}: {}", table, Secrets.mask(ex.getMostSpecificCause().toString()));
			return CommitHistory.EMPTY;
		}
	}

	List<TableName> tablesWithSettings(int limit) {
		try {
			return source.tablesWithSettings(limit);
		}
		catch (DataAccessException ex) {
			log.warn("Could not list tables with properties: {}", Secrets.mask(ex.getMostSpecificCause().toString()));
			return List.of();
		}
	}

}
