-- When a replica with the archive enabled last looked at the source's archive. While the archive of a source
-- exists, every replica queues the source's changed statements, whether it writes the archive or not, so
-- that turning the archive off for a while loses nothing. A source no replica has looked at for 7 days is
-- retired: its row and outbox go, and enabling the archive again queues everything the store holds.
ALTER TABLE archive_source ADD COLUMN seen_at timestamptz NOT NULL DEFAULT now();
