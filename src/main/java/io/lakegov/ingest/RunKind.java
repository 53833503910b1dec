package io.lakegov.ingest;

/** Why a run started. */
public enum RunKind {

	SCHEDULED, STARTUP, MANUAL, BACKFILL, REANALYSIS

}
