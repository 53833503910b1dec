-- Tables announced for removal: when they are planned to go, why, and who said so.
CREATE TABLE table_deprecation (
    table_name text PRIMARY KEY,
    planned    date        NOT NULL,
    note       text        NOT NULL,
    marked_at  timestamptz NOT NULL,
    marked_by  text        NOT NULL
);
