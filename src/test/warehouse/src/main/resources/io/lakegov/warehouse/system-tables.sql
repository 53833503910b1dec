-- Databricks' system tables with their column types, in a V2 catalog named system.
CREATE NAMESPACE IF NOT EXISTS system.query;

CREATE TABLE IF NOT EXISTS system.query.history (
    account_id STRING,
    workspace_id STRING,
    statement_id STRING,
    executed_by STRING,
    session_id STRING,
    execution_status STRING,
    compute STRUCT<type: STRING, cluster_id: STRING, warehouse_id: STRING>,
    executed_by_user_id STRING,
    statement_text STRING,
    statement_type STRING,
    error_message STRING,
    client_application STRING,
    client_driver STRING,
    cache_origin_statement_id STRING,
    total_duration_ms BIGINT,
    waiting_for_compute_duration_ms BIGINT,
    waiting_at_capacity_duration_ms BIGINT,
    execution_duration_ms BIGINT,
    compilation_duration_ms BIGINT,
    total_task_duration_ms BIGINT,
    result_fetch_duration_ms BIGINT,
    start_time TIMESTAMP,
    end_time TIMESTAMP,
    update_time TIMESTAMP,
    read_partitions BIGINT,
    pruned_files BIGINT,
    read_files BIGINT,
    read_rows BIGINT,
    produced_rows BIGINT,
    read_bytes BIGINT,
    read_io_cache_percent INT,
    from_result_cache BOOLEAN,
    spilled_local_bytes BIGINT,
    written_bytes BIGINT,
    written_rows BIGINT,
    written_files BIGINT,
    shuffle_read_bytes BIGINT,
    query_source STRUCT<
        job_info: STRUCT<job_id: STRING, job_run_id: STRING, job_task_run_id: STRING>,
        legacy_dashboard_id: STRING,
        dashboard_id: STRING,
        alert_id: STRING,
        notebook_id: STRING,
        sql_query_id: STRING,
        genie_space_id: STRING,
        pipeline_info: STRUCT<pipeline_id: STRING, pipeline_update_id: STRING>>,
    executed_as STRING,
    executed_as_user_id STRING,
    query_parameters STRUCT<
        named_parameters: MAP<STRING, STRING>,
        pos_parameters: ARRAY<STRING>,
        is_truncated: BOOLEAN>,
    query_tags MAP<STRING, STRING>
);

CREATE NAMESPACE IF NOT EXISTS system.information_schema;

CREATE TABLE IF NOT EXISTS system.information_schema.tables (
    table_catalog STRING,
    table_schema STRING,
    table_name STRING,
    table_type STRING,
    table_owner STRING,
    comment STRING,
    created TIMESTAMP,
    created_by STRING,
    last_altered TIMESTAMP,
    last_altered_by STRING,
    data_source_format STRING,
    storage_path STRING
);

CREATE TABLE IF NOT EXISTS system.information_schema.views (
    table_catalog STRING,
    table_schema STRING,
    table_name STRING,
    view_definition STRING
);

CREATE TABLE IF NOT EXISTS system.information_schema.columns (
    table_catalog STRING,
    table_schema STRING,
    table_name STRING,
    column_name STRING,
    ordinal_position INT,
    is_nullable STRING,
    full_data_type STRING,
    data_type STRING,
    comment STRING
);

CREATE NAMESPACE IF NOT EXISTS system.access;

CREATE TABLE IF NOT EXISTS system.access.table_lineage (
    account_id STRING,
    metastore_id STRING,
    workspace_id STRING,
    entity_type STRING,
    entity_id STRING,
    entity_run_id STRING,
    source_table_full_name STRING,
    source_table_catalog STRING,
    source_table_schema STRING,
    source_table_name STRING,
    source_path STRING,
    source_type STRING,
    target_table_full_name STRING,
    target_table_catalog STRING,
    target_table_schema STRING,
    target_table_name STRING,
    target_path STRING,
    target_type STRING,
    created_by STRING,
    event_time TIMESTAMP,
    event_date DATE,
    record_id STRING,
    event_id STRING,
    statement_id STRING,
    entity_metadata STRUCT<
        job_info: STRUCT<job_id: STRING, job_run_id: STRING>,
        dashboard_id: STRING,
        legacy_dashboard_id: STRING,
        notebook_id: STRING,
        sql_query_id: STRING,
        dlt_pipeline_info: STRUCT<dlt_pipeline_id: STRING, dlt_update_id: STRING>>
)
