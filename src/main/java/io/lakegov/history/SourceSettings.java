package io.lakegov.history;

import java.time.Duration;
import java.util.List;

import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * One named source of query history in {@code lakegov.sources}: a connection with its tables, for one
 * region's {@code system.query.history} (the table is regional). Checked with its position in the list by
 * {@link SourceSettingsCheck}, so that a message can say which entry is wrong.
 *
 * @param name the source's name: lower-case letters, digits, {@code -} and {@code _}, at most 63; it is
 * stored with every statement and fact of the source and names it in the API and the metrics
 * @param lineageTable the source's engine table lineage ({@code system.access.table_lineage} of its region)
 * @param columnsTable the source's column inventory ({@code system.information_schema.columns} of its region)
 * @param enabled whether the source is read; a disabled source keeps its stored history and facts
 * @param requestTimeout how long an HTTP request waits for the source in all
 * @see SourceProperties the keys of the single-source form, which mean the same
 */
public record SourceSettings(String name, String url, String username, String password,
		@DefaultValue("system.query.history") String table,
		@DefaultValue("system.information_schema.tables") String inventoryTable, @DefaultValue("1000") int fetchSize,
		@DefaultValue("30m") Duration queryTimeout, @DefaultValue("2") int maxPoolSize,
		@DefaultValue("30s") Duration connectionTimeout, @DefaultValue("") List<String> ownPrincipals,
		@DefaultValue(SourceProperties.DEFAULT_LINEAGE_TABLE) String lineageTable,
		@DefaultValue(SourceProperties.DEFAULT_COLUMNS_TABLE) String columnsTable, @DefaultValue("true") boolean enabled,
		@DefaultValue("5s") Duration requestTimeout) {

	/** The name of the one source of the single-source form ({@code lakegov.source.*} or the demo). */
	public static final String DEFAULT_NAME = "default";

	public SourceSettings {
		ownPrincipals = ownPrincipals == null ? List.of() : List.copyOf(ownPrincipals);
	}

	/** The single-source form as the one source named {@value #DEFAULT_NAME}. */
	static SourceSettings of(SourceProperties single) {
		return new SourceSettings(DEFAULT_NAME, single.url(), single.username(), single.password(), single.table(),
				single.inventoryTable(), single.fetchSize(), single.queryTimeout(), single.maxPoolSize(),
				single.connectionTimeout(), single.ownPrincipals(), single.lineageTable(), single.columnsTable(), true,
				single.requestTimeout());
	}

	boolean configured() {
		return url != null && !url.isBlank();
	}

}
