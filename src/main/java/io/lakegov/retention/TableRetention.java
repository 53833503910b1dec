package io.lakegov.retention;

import java.util.List;

/**
 * One table's retention: the evidence, the settings that apply and what lakegov proposes.
 *
 * @param table the table, {@code catalog.schema.table}
 * @param evidence time travel, failures and usage in the lookback
 * @param settings the table's retention settings
 * @param proposals the proposals for it (none without evidence)
 * @param inventory whether the source's table inventory could be asked about the table
 * @param metadata whether the source gave the table's settings (and commit history, when a read was by version)
 */
public record TableRetention(String table, RetentionEvidence evidence, Settings settings, List<RetentionProposal> proposals,
		Availability inventory, Availability metadata) {

	/**
	 * The settings as the API shows them.
	 *
	 * @param format DELTA or ICEBERG
	 * @param known false when the source could not be asked: the values are the defaults, assumed
	 * @param note why they are unknown
	 * @param values the retention properties, defaults marked
	 */
	public record Settings(String format, boolean known, String note, List<SettingValue> values) {

		static Settings of(RetentionSettings settings) {
			return new Settings(settings.format(), settings.known(), settings.note(), settings.values());
		}

	}

}
