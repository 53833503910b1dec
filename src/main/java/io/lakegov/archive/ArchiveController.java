package io.lakegov.archive;

import io.lakegov.archive.outbox.Archiver;
import io.lakegov.archive.shed.DetailShedder;
import io.lakegov.web.RequiredRole;
import io.lakegov.web.Role;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/** Where the lakehouse archive stands, per source. */
@RestController
@RequiredRole(Role.VIEWER)
@Tag(name = "Archive", description = "The archive of query history and usage facts as Delta tables in the lakehouse")
class ArchiveController {

	private final Archiver archiver;

	private final DetailShedder shedder;

	ArchiveController(Archiver archiver, DetailShedder shedder) {
		this.archiver = archiver;
		this.shedder = shedder;
	}

	@GetMapping("/api/v1/archive/status")
	@Operation(operationId = "archiveStatus", summary = "Where each source's lakehouse archive stands",
			description = "Per source: its catalog.schema, CURRENT, BEHIND (statements wait) or PAUSED (the warehouse "
					+ "is stopped or refused the last write: the archive waits with a backoff, ingestion goes on), the "
					+ "backlog, the schema version and the last error. Empty when lakegov.archive.enabled is off. With "
					+ "lakegov.store.detail-retention, detail says which business days are closed and what left the store.")
	ArchiveStatus archiveStatus() {
		ArchiveStatus status = archiver.status();
		return new ArchiveStatus(status.enabled(), status.sources(), shedder.detail().orElse(null));
	}

}
