-- Statements as Databricks records them in system.query.history, to try lakegov with:
--   src/test/warehouse/start 10001 src/test/warehouse/example-history.sql
-- Add rows to the VALUES list (id, user, start as hours ago, job, notebook, dashboard, text); every
-- other column is filled in by the SELECT, in the table's column order.
INSERT INTO system.query.history
SELECT
    '1234567890123456' AS account_id,
    '987654321' AS workspace_id,
    id AS statement_id,
    executed_by,
    concat('session-', executed_by) AS session_id,
    'FINISHED' AS execution_status,
    named_struct('type', 'WAREHOUSE', 'cluster_id', CAST(NULL AS STRING), 'warehouse_id', 'abcdef1234567890') AS compute,
    CAST(NULL AS STRING) AS executed_by_user_id,
    statement_text,
    CAST(NULL AS STRING) AS statement_type,
    CAST(NULL AS STRING) AS error_message,
    'Databricks SQL Notebook' AS client_application,
    CAST(NULL AS STRING) AS client_driver,
    CAST(NULL AS STRING) AS cache_origin_statement_id,
    1200L AS total_duration_ms,
    0L AS waiting_for_compute_duration_ms,
    0L AS waiting_at_capacity_duration_ms,
    1100L AS execution_duration_ms,
    100L AS compilation_duration_ms,
    900L AS total_task_duration_ms,
    10L AS result_fetch_duration_ms,
    current_timestamp() - make_interval(0, 0, 0, 0, hours_ago) AS start_time,
    current_timestamp() - make_interval(0, 0, 0, 0, hours_ago) + INTERVAL 2 SECONDS AS end_time,
    current_timestamp() - make_interval(0, 0, 0, 0, hours_ago) + INTERVAL 3 SECONDS AS update_time,
    1L AS read_partitions, 0L AS pruned_files, 1L AS read_files, 100L AS read_rows, 10L AS produced_rows,
    4096L AS read_bytes, 0 AS read_io_cache_percent, false AS from_result_cache, 0L AS spilled_local_bytes,
    0L AS written_bytes, 0L AS written_rows, 0L AS written_files, 0L AS shuffle_read_bytes,
    named_struct(
        'job_info', CASE WHEN job_id IS NULL THEN NULL
                         ELSE named_struct('job_id', job_id, 'job_run_id', 'run-1', 'job_task_run_id', CAST(NULL AS STRING)) END,
        'legacy_dashboard_id', CAST(NULL AS STRING),
        'dashboard_id', dashboard_id,
        'alert_id', CAST(NULL AS STRING),
        'notebook_id', notebook_id,
        'sql_query_id', CAST(NULL AS STRING),
        'genie_space_id', CAST(NULL AS STRING),
        'pipeline_info', CAST(NULL AS STRUCT<pipeline_id: STRING, pipeline_update_id: STRING>)) AS query_source,
    executed_by AS executed_as,
    CAST(NULL AS STRING) AS executed_as_user_id,
    CAST(NULL AS STRUCT<named_parameters: MAP<STRING, STRING>, pos_parameters: ARRAY<STRING>, is_truncated: BOOLEAN>) AS query_parameters,
    CAST(NULL AS MAP<STRING, STRING>) AS query_tags
FROM VALUES
    ('ex-1', 'ana@corp.example', 5, '101', CAST(NULL AS STRING), CAST(NULL AS STRING),
     'WITH big AS (SELECT * FROM spark_catalog.sales.orders WHERE amount > 10) SELECT b.id, c.name FROM big b JOIN spark_catalog.sales.customers c ON b.id = c.id'),
    ('ex-2', 'ben@corp.example', 4, NULL, 'nb-42', NULL,
     'MERGE INTO spark_catalog.sales.orders t USING spark_catalog.sales.order_updates s ON t.id = s.id WHEN MATCHED THEN UPDATE SET * WHEN NOT MATCHED THEN INSERT *'),
    ('ex-3', 'cat@corp.example', 3, NULL, NULL, 'dash-7',
     'SELECT region, sum(amount) FROM spark_catalog.sales.orders VERSION AS OF 3 GROUP BY region'),
    ('ex-4', 'ana@corp.example', 2, NULL, 'nb-42', NULL,
     'CREATE OR REPLACE TABLE spark_catalog.gold.customer_totals AS SELECT c.name, sum(o.amount) AS total FROM spark_catalog.sales.orders o JOIN spark_catalog.sales.customers c USING (id) GROUP BY c.name')
    AS v(id, executed_by, hours_ago, job_id, notebook_id, dashboard_id, statement_text)
