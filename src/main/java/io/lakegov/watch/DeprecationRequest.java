package io.lakegov.watch;

import java.time.LocalDate;

import io.lakegov.catalog.Deprecation;
import io.lakegov.web.ContractBounds;
import io.swagger.v3.oas.annotations.media.Schema;

/**
 * A table's mark for removal.
 *
 * @param plannedDate the day it is planned to be dropped
 * @param note why, or what to use instead (at most 1000 characters)
 */
public record DeprecationRequest(@Schema(example = "2027-03-31", requiredMode = Schema.RequiredMode.REQUIRED,
		maxLength = ContractBounds.DATE_LENGTH, pattern = ContractBounds.DATE_PATTERN) LocalDate plannedDate,
		@Schema(example = "replaced by main.sales.orders_v2", maxLength = Deprecation.MAX_NOTE) String note) {

}
