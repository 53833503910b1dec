package io.lakegov.ingest;

/** Where a run stands. */
enum RunStatus {

	RUNNING, SUCCEEDED, FAILED

}
