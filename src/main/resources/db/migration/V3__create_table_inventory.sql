-- The lakehouse's table inventory as synced from the source's information_schema.tables, with its
-- history: each row is one table under one name for a validity interval. A table that vanished keeps
-- its rows with valid_to set, so impact reports can say when it was dropped; a table that reappears
-- under another name with the same storage path closes the old row with renamed_to and opens the new
-- one with renamed_from.
CREATE TABLE table_inventory (
    id                 bigserial   PRIMARY KEY,
    -- catalog.schema.table in lower case: the name usage facts use
    full_name          text        NOT NULL,
    table_catalog      text        NOT NULL,
    table_schema       text        NOT NULL,
    table_name         text        NOT NULL,
    table_type         text,
    data_source_format text,
    storage_path       text,
    table_owner        text,
    created            timestamptz,
    last_altered       timestamptz,
    valid_from         timestamptz NOT NULL,
    valid_to           timestamptz,
    renamed_from       text,
    renamed_to         text,
    last_synced_at     timestamptz NOT NULL
);

-- At most one current row per name.
CREATE UNIQUE INDEX table_inventory_current ON table_inventory (full_name) WHERE valid_to IS NULL;
CREATE INDEX table_inventory_name ON table_inventory (full_name, valid_from DESC);
CREATE INDEX table_inventory_storage ON table_inventory (storage_path, valid_to DESC) WHERE storage_path IS NOT NULL;
