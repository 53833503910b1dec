package io.lakegov.archive.delta;

import java.util.List;

import static io.lakegov.archive.delta.ArchiveColumn.key;
import static io.lakegov.archive.delta.ArchiveColumn.of;

/**
 * The archive's Delta tables as their first version created them: what each column means is said in its
 * comment, so that analysts find it in the catalog. A later version adds to them through a migration of its
 * own ({@link ArchiveMigrations}), never by changing these lists.
 */
public final class ArchiveTables {

	public static final String QUERY_HISTORY = "query_history";

	public static final String TABLE_ACCESS = "table_access";

	public static final String COLUMN_ACCESS = "column_access";

	public static final String TABLE_USAGE_DAILY = "table_usage_daily";

	public static final String VERSIONS = "lakegov_archive_version";

	private static final ArchiveColumn SOURCE = key("source", "STRING",
			"The lakegov source of query history (one per region) the statement was read from");

	static final ArchiveColumn STATEMENT_ID = key("statement_id", "STRING",
			"The id of the statement in system.query.history, unique within its source");

	private static final ArchiveColumn ARCHIVED_AT = key("archived_at", "TIMESTAMP",
			"When lakegov last wrote this row");

	/**
	 * query_history: one row per statement of a source, as lakegov stores it. The clustering column comes
	 * first: Delta keeps statistics of the first 32 columns only, and clustering needs them.
	 */
	public static final List<ArchiveColumn> HISTORY = List.of(SOURCE, STATEMENT_ID,
			key("business_date", "DATE", "The day the statement started in the business time zone of lakegov "
					+ "(lakegov.usage.time-zone), by which the tables are clustered"),
			of("account_id", "STRING", "The Databricks account the statement ran in"),
			of("workspace_id", "STRING", "The workspace the statement ran in"),
			of("executed_by", "STRING", "Who ran the statement (user name or service principal application id)"),
			of("executed_by_user_id", "STRING", "The id of who ran the statement"),
			of("executed_as", "STRING", "The principal whose privileges ran the statement"),
			of("executed_as_user_id", "STRING", "The id of the principal whose privileges ran the statement"),
			of("session_id", "STRING", "The session the statement ran in"),
			of("execution_status", "STRING", "FINISHED, FAILED, CANCELED or RUNNING as last read from the source"),
			of("compute", "STRING", "The compute the statement ran on, as JSON"),
			of("statement_text", "STRING",
					"The raw statement text, only when lakegov keeps raw texts (lakegov.history.keep-raw-text), "
							+ "else empty: see redacted_text"),
			of("statement_type", "STRING", "The statement type the source recorded"),
			of("error_message", "STRING", "The error of a failed statement"),
			of("client_application", "STRING", "The client application that sent the statement"),
			of("client_driver", "STRING", "The driver or connector that sent the statement"),
			of("total_duration_ms", "BIGINT", "Milliseconds from submission to the end of the result fetch"),
			of("waiting_for_compute_duration_ms", "BIGINT", "Milliseconds spent waiting for compute to start"),
			of("waiting_at_capacity_duration_ms", "BIGINT", "Milliseconds spent queued at capacity"),
			of("execution_duration_ms", "BIGINT", "Milliseconds spent executing"),
			of("compilation_duration_ms", "BIGINT", "Milliseconds spent compiling"),
			of("total_task_duration_ms", "BIGINT", "Milliseconds of task time over all tasks"),
			of("result_fetch_duration_ms", "BIGINT", "Milliseconds spent fetching the result"),
			of("start_time", "TIMESTAMP", "When the statement started"),
			of("end_time", "TIMESTAMP", "When the statement ended"),
			of("update_time", "TIMESTAMP", "When the source last updated the row of the statement"),
			of("read_partitions", "BIGINT", "Partitions read after pruning"),
			of("pruned_files", "BIGINT", "Files pruned"),
			of("read_files", "BIGINT", "Files read after pruning"),
			of("read_rows", "BIGINT", "Rows read"),
			of("produced_rows", "BIGINT", "Rows returned"),
			of("read_bytes", "BIGINT", "Bytes read"),
			of("read_io_cache_percent", "INT", "Percent of the bytes read that came from the IO cache"),
			of("spilled_local_bytes", "BIGINT", "Bytes spilled to local disk"),
			of("written_bytes", "BIGINT", "Bytes written"),
			of("written_rows", "BIGINT", "Rows written"),
			of("written_files", "BIGINT", "Files written"),
			of("shuffle_read_bytes", "BIGINT", "Bytes read over the network in shuffles"),
			of("from_result_cache", "BOOLEAN", "Whether the result came from the result cache"),
			of("cache_origin_statement_id", "STRING", "For a result-cache hit, the statement that filled the cache"),
			of("query_source", "STRING", "What issued the statement (job, notebook, dashboard, alert, Genie space, "
					+ "pipeline ...), as JSON"),
			of("query_parameters", "STRING", "The parameters of the statement as JSON"),
			of("query_tags", "STRING", "The query tags of the statement as JSON"),
			of("extra_columns", "STRING", "Columns of the source that lakegov does not know by name, as JSON"),
			of("source_kind", "STRING",
					"The kind of query source: JOB, NOTEBOOK, DASHBOARD, ALERT, GENIE, PIPELINE, ... or ADHOC"),
			of("source_id", "STRING", "The id of the job, notebook, dashboard, ... (empty for ad-hoc statements)"),
			of("text_hash", "STRING", "SHA-256 of the statement text: statements with one text share it"),
			of("analyzer_version", "STRING", "The version of the lakegov analyser that derived the facts"),
			of("analysis_status", "STRING", "ANALYZED, PARTIAL, UNANALYZABLE, REDACTED or EMPTY (masked texts), "
					+ "or OWN_STATEMENT for the own statements of lakegov"),
			of("analysis_reason", "STRING", "Why the text could not be analysed, fully or at all"),
			of("statement_kind", "STRING", "The kind of statement the analyser saw: SELECT, INSERT, MERGE, ..."),
			of("fingerprint", "STRING", "The shape of the statement with literals and parameters removed: statements of "
					+ "one query group share it"),
			of("redacted_text", "STRING", "The statement text with its literals redacted"),
			of("default_catalog", "STRING", "The catalog one-part names resolved against (from USE in the session)"),
			of("default_schema", "STRING", "The schema one- and two-part names resolved against"),
			of("first_seen_at", "TIMESTAMP", "When lakegov first stored the statement"),
			of("last_changed_at", "TIMESTAMP", "When lakegov last stored a newer version of the row of the statement"),
			ARCHIVED_AT);

	/** table_access: one row per statement, table and role, direct or through views. */
	public static final List<ArchiveColumn> ACCESS = List.of(SOURCE, STATEMENT_ID,
			key("access_no", "INT", "The position of the access among the accesses of the statement"),
			key("table_name", "STRING",
					"The table accessed, catalog.schema.table in lower case (fewer parts when the name could not be "
							+ "resolved)"),
			key("access", "STRING",
					"DIRECT: the statement named the table, VIEW: it read the table through the views of view_path"),
			of("view_path", "STRING",
					"For a VIEW access, how the table was reached: table <- view <- ... <- the view the statement read"),
			of("via_view", "STRING", "For a VIEW access, the view the statement read"),
			of("written_name", "STRING", "The name as the statement wrote it, normalised"),
			of("fully_qualified", "BOOLEAN", "Whether table_name has all three parts"),
			key("role", "STRING", "READ, WRITE, GRANT, REFERENCE (a foreign key) or SHARE (added to a Delta share)"),
			of("statement_kind", "STRING", "The kind of statement: SELECT, INSERT, MERGE, CREATE_VIEW, ..."),
			of("time_travel_kind", "STRING", "VERSION or TIMESTAMP for a read of an earlier version, empty otherwise"),
			of("time_travel_value", "STRING", "The version or timestamp reached for"),
			of("time_travel_syntax", "STRING", "How the time travel was written: AS_OF, AT_SUFFIX, TABLE_CHANGES, "
					+ "RESTORE, CLONE"),
			key("user_name", "STRING", "Who ran the statement (executed_by)"),
			key("event_time", "TIMESTAMP", "When the statement started"),
			key("business_date", "DATE",
					"The day of event_time in the business time zone of lakegov, by which the table is clustered"),
			key("source_kind", "STRING", "The kind of query source: JOB, NOTEBOOK, DASHBOARD, ... or ADHOC"),
			of("source_id", "STRING", "The id of the job, notebook, dashboard, ... (empty for ad-hoc statements)"),
			of("execution_status", "STRING", "The execution status of the statement"),
			key("witness", "STRING", "What the access rests on: PARSED (the text of the statement), ENGINE_LINEAGE (the "
					+ "table lineage of the engine alone) or BOTH"),
			ARCHIVED_AT);

	/** column_access: one row per statement, table, column, role and resolution. */
	public static final List<ArchiveColumn> COLUMNS = List.of(SOURCE, STATEMENT_ID,
			key("table_name", "STRING", "The table whose column was used, catalog.schema.table"),
			key("column_name", "STRING", "The column, as written for AMBIGUOUS and UNRESOLVED (* for all columns of "
					+ "a table whose columns are unknown), empty for UNKNOWN"),
			key("role", "STRING", "READ or WRITE"),
			key("resolution", "STRING", "RESOLVED (certainly a column of this table), AMBIGUOUS (one of the candidates), "
					+ "UNRESOLVED (possibly of this table), UNKNOWN (the statement used the table, which columns is unknown)"),
			of("candidates", "ARRAY<STRING>", "For AMBIGUOUS: every table the column may belong to"),
			key("user_name", "STRING", "Who ran the statement"),
			key("event_time", "TIMESTAMP", "When the statement started"),
			key("business_date", "DATE", "The day of event_time in the business time zone of lakegov, by which "
					+ "the table is clustered"),
			key("source_kind", "STRING", "The kind of query source"),
			of("source_id", "STRING", "The id of the query source, empty for ad-hoc statements"),
			ARCHIVED_AT);

	/** table_usage_daily: per source, day, table, user and role, from the direct accesses. */
	public static final List<ArchiveColumn> USAGE = List.of(SOURCE,
			key("business_date", "DATE", "The day in the business time zone of lakegov, by which the table is clustered"),
			key("table_name", "STRING", "The table, catalog.schema.table"),
			key("user_name", "STRING", "Who accessed it"),
			key("role", "STRING", "READ, WRITE, GRANT, REFERENCE or SHARE"),
			key("statements", "BIGINT", "Statements of the user that accessed the table in the role that day"),
			key("time_travel_statements", "BIGINT", "Those of them that read an earlier version"),
			key("lineage_only_statements", "BIGINT", "Those of them known from the table lineage of the engine alone"),
			key("first_event", "TIMESTAMP", "When the first of them started"),
			key("last_event", "TIMESTAMP", "When the last of them started"),
			key("computed_at", "TIMESTAMP", "When lakegov last computed the row from table_access"));

	private ArchiveTables() {
	}

	/** The names of a table's columns, in order, separated by commas. */
	public static String names(List<ArchiveColumn> columns) {
		return String.join(", ", columns.stream().map(ArchiveColumn::name).toList());
	}

}
