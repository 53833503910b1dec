package io.lakegov.watch;

import java.time.Instant;
import java.util.Optional;

import io.lakegov.catalog.Deprecation;
import io.lakegov.catalog.Deprecations;
import io.lakegov.watch.detect.ActiveWatches;
import io.lakegov.web.ApiException;
import io.lakegov.web.ContractBounds;

import org.springframework.stereotype.Service;

/** Marks tables for removal and takes the marks off, telling every replica's watches. */
@Service
class TableDeprecations {

	private final Deprecations deprecations;

	private final ActiveWatches active;

	TableDeprecations(Deprecations deprecations, ActiveWatches active) {
		this.deprecations = deprecations;
		this.active = active;
	}

	Deprecation mark(String table, DeprecationRequest request, String caller) {
		if (request == null || request.plannedDate() == null) {
			throw ApiException.badRequest("plannedDate is missing (a day, such as 2027-03-31)");
		}
		Deprecation deprecation;
		try {
			deprecation = new Deprecation(table, ContractBounds.date(request.plannedDate(), "plannedDate"), request.note(),
					Instant.now(), caller);
		}
		catch (IllegalArgumentException ex) {
			throw ApiException.badRequest(ex.getMessage());
		}
		Deprecation stored = deprecations.mark(deprecation);
		active.changed();
		return stored;
	}

	Optional<Deprecation> of(String table) {
		return deprecations.of(table);
	}

	void unmark(String table) {
		if (!deprecations.unmark(table)) {
			throw ApiException.notFound(table + " is not marked for removal");
		}
		active.changed();
	}

}
