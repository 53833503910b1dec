-- The statements behind a table's figures, one row per business day x table x statement shape
-- (fingerprint), kept exactly equal to the facts, the newest history row of each statement and its
-- analysis, like the other rollups. A statement counts on a (day, table) when it has a READ or WRITE fact
-- there and a history row. fingerprint is '' for statements the analyser gave no fingerprint (a key
-- column cannot be null).

-- Who ran a statement and through which query source.
CREATE TYPE query_runner AS (user_name text, source_kind text, source_id text);

-- Duration sketch: bucket 0 holds 0 ms; bucket b >= 1 holds the durations d with
-- floor(8 * log2(d)) + 1 = b, i.e. [2^((b-1)/8), 2^(b/8)): eight buckets per doubling, each 9.05 % wide.
-- Its representative value is the geometric middle 2^((b-0.5)/8), at most 4.4 % from any duration in it.
-- (Computed in double precision: a duration within rounding of a bucket's edge may land in the
-- neighbouring bucket, which moves it by no more than the bound.)
CREATE FUNCTION query_duration_bucket(duration bigint) RETURNS smallint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT CASE WHEN duration <= 0 THEN 0 ELSE floor(8 * ln(duration::float8) / ln(2::float8))::smallint + 1 END $$;

CREATE FUNCTION query_duration_value(bucket smallint) RETURNS bigint
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    AS $$ SELECT CASE WHEN bucket = 0 THEN 0
                      ELSE least(round(power(2::numeric, (bucket - 0.5) / 8)), 9223372036854775807)::bigint END $$;

-- The distinct runners of two rows, sorted.
CREATE FUNCTION query_runners_merge(a query_runner[], b query_runner[]) RETURNS query_runner[]
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT coalesce(array_agg(DISTINCT r ORDER BY r), '{}') FROM unnest(a || b) AS r $$;

-- The sum of two sketches (parallel arrays of buckets and their statements, sorted by bucket).
CREATE FUNCTION query_sketch_merge(buckets_a smallint[], statements_a bigint[], buckets_b smallint[],
        statements_b bigint[], OUT buckets smallint[], OUT statements bigint[])
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT coalesce(array_agg(b ORDER BY b), '{}'), coalesce(array_agg(n ORDER BY b), '{}')
          FROM (SELECT b, sum(n)::bigint AS n FROM unnest(buckets_a || buckets_b, statements_a || statements_b) AS x(b, n)
                GROUP BY b) y $$;

-- The exact figures. Sums are numeric (hostile values must not overflow and fail a batch); durations
-- and bytes below 0 or unknown count nothing, as in the answer. timed counts the statements with a
-- duration (the sketch's total); the example is the day's latest run (by start, then statement id and
-- source of history: statement ids are unique only within a source).
-- runners: the distinct (user, query source) pairs of the day, sorted (distinct users and sources of a
-- window cannot be summed from daily counts). duration_buckets / bucket_statements: the sketch, the
-- buckets that hold some durations and how many, sorted by bucket. Kept as arrays in the row: one key
-- and one index entry per (day, table, shape) rather than one per pair and per bucket.
CREATE TABLE table_query_daily (
    table_name           text           NOT NULL,
    business_date        date           NOT NULL,
    fingerprint          text           NOT NULL,
    statements           bigint         NOT NULL,
    timed                bigint         NOT NULL,
    total_duration_ms    numeric        NOT NULL,
    read_bytes           numeric        NOT NULL,
    min_duration_ms      bigint,
    max_duration_ms      bigint,
    first_run            timestamptz    NOT NULL,
    last_run             timestamptz    NOT NULL,
    example_source       text           NOT NULL,
    example_statement_id text           NOT NULL,
    example_text_hash    text,
    example_version      text,
    runners              query_runner[] NOT NULL,
    duration_buckets     smallint[]     NOT NULL,
    bucket_statements    bigint[]       NOT NULL,
    PRIMARY KEY (table_name, business_date, fingerprint)
);

-- Facts stored before this rollup existed, one month of facts at a time. The month's distinct READ/WRITE
-- facts are read through the facts' index by (table, day), driven by table_daily (a row for every (day,
-- table) with facts, indexed by day), and staged in an analysed temporary table: with their true count
-- the planner hashes them (a few million rows) and joins one scan of the history rows, instead of hashing
-- every history row of the store for each month. Their runs are sorted in memory and grouped in key
-- order. Each month is one set-based statement; a (day, table, shape) lies in one month.
SET LOCAL work_mem = '1GB';

DO $$
DECLARE
    month_start date;
BEGIN
    -- table_daily has a row for every (day, table) with facts, and an index by day
    FOR month_start IN
        SELECT generate_series(date_trunc('month', min(business_date)), max(business_date), interval '1 month')::date
        FROM table_daily
    LOOP
        CREATE TEMPORARY TABLE month_facts AS
        SELECT DISTINCT t.source, t.statement_id, t.table_name, t.business_date
        FROM table_daily d
        JOIN table_access t ON t.table_name = d.table_name AND t.business_date = d.business_date
        WHERE t.role IN ('READ', 'WRITE') AND d.business_date >= month_start
          AND d.business_date < (month_start + interval '1 month')::date;
        ANALYZE month_facts;

        INSERT INTO table_query_daily (table_name, business_date, fingerprint, statements, timed, total_duration_ms, read_bytes,
            min_duration_ms, max_duration_ms, first_run, last_run, example_source, example_statement_id, example_text_hash,
            example_version, runners, duration_buckets, bucket_statements)
        WITH runs AS (
            SELECT s.table_name, s.business_date, coalesce(a.fingerprint, '') AS fingerprint, h.source, h.statement_id,
                   ROW(coalesce(nullif(btrim(h.executed_by), ''), '(unknown)'), h.source_kind,
                       coalesce(h.source_id, ''))::query_runner AS runner,
                   coalesce(h.start_time, h.update_time) AS started, h.total_duration_ms AS duration, h.read_bytes,
                   h.text_hash, h.analyzer_version
            FROM month_facts s
            JOIN query_history h ON h.source = s.source AND h.statement_id = s.statement_id
            LEFT JOIN statement_analysis a ON a.text_hash = h.text_hash AND a.analyzer_version = h.analyzer_version),
        daily AS (
            SELECT table_name, business_date, fingerprint, count(*) AS statements, count(*) FILTER (WHERE duration >= 0) AS timed,
                   coalesce(sum(duration) FILTER (WHERE duration >= 0), 0) AS total_duration_ms,
                   coalesce(sum(read_bytes) FILTER (WHERE read_bytes >= 0), 0) AS read_bytes,
                   min(duration) FILTER (WHERE duration >= 0) AS min_duration_ms,
                   max(duration) FILTER (WHERE duration >= 0) AS max_duration_ms, min(started) AS first_run,
                   max(started) AS last_run,
                   (array_agg(source ORDER BY started DESC, statement_id DESC, source DESC))[1] AS example_source,
                   (array_agg(statement_id ORDER BY started DESC, statement_id DESC, source DESC))[1] AS example_statement_id,
                   (array_agg(text_hash ORDER BY started DESC, statement_id DESC, source DESC))[1] AS example_text_hash,
                   (array_agg(analyzer_version ORDER BY started DESC, statement_id DESC, source DESC))[1] AS example_version,
                   array_agg(DISTINCT runner ORDER BY runner) AS runners,
                   array_agg(query_duration_bucket(duration)) FILTER (WHERE duration >= 0) AS durations
            FROM runs
            GROUP BY table_name, business_date, fingerprint)
        SELECT d.table_name, d.business_date, d.fingerprint, d.statements, d.timed, d.total_duration_ms, d.read_bytes,
               d.min_duration_ms, d.max_duration_ms, d.first_run, d.last_run, d.example_source, d.example_statement_id,
               d.example_text_hash, d.example_version, d.runners, k.buckets, k.statements
        FROM daily d
        CROSS JOIN LATERAL (
            SELECT coalesce(array_agg(b ORDER BY b), '{}') AS buckets, coalesce(array_agg(n ORDER BY b), '{}') AS statements
            FROM (SELECT b, count(*) AS n FROM unnest(d.durations) AS b GROUP BY b) x) k
        ORDER BY d.table_name, d.business_date, d.fingerprint;

        DROP TABLE month_facts;
    END LOOP;
END
$$;
