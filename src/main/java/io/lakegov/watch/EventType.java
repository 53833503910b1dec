package io.lakegov.watch;

import java.util.EnumSet;
import java.util.Set;

/** What a watch can ask to hear of. */
public enum EventType {

	/** A principal reads a watched table for the first time in {@code lakegov.watch.new-reader-after}. */
	NEW_READER,

	/** A principal writes a watched table for the first time in {@code lakegov.watch.new-reader-after}. */
	NEW_WRITER,

	/** A watched table marked for removal is read after its mark: once per reader and business day. */
	DEPRECATED_READ,

	/** A watched table left the inventory while it was still read in the window. */
	SCHEMA_DROPPED,

	/** The ingestion health flipped to DOWN. */
	INGESTION_DOWN,

	/** The ingestion health flipped back to UP. */
	INGESTION_UP,

	/** The share of masked statement texts rose above {@code lakegov.ingest.health.masked-warning-share}. */
	MASKED_SHARE;

	/** The events that concern tables, which a watch must name tables for. */
	public static final Set<EventType> ABOUT_TABLES = EnumSet.of(NEW_READER, NEW_WRITER, DEPRECATED_READ,
			SCHEMA_DROPPED);

	/** The events raised from an ingestion batch's facts. */
	public static final Set<EventType> FROM_FACTS = EnumSet.of(NEW_READER, NEW_WRITER, DEPRECATED_READ);

}
