package io.lakegov.reports;

import java.time.LocalDate;
import java.util.List;

import io.lakegov.web.PageResponse;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

/**
 * A page of statements, and where the store's per-statement detail starts.
 *
 * @param items the statements of this page
 * @param page the page number, from 0
 * @param size the page size asked for
 * @param totalItems how many statements there are in all
 * @param totalPages how many pages of this size there are
 * @param closedBefore set when the range starts on a business day closed by detail retention
 * ({@code lakegov.store.detail-retention}): the list holds the statements from this day on, and those of
 * the days before are in the lakehouse archive's {@code query_history} and {@code table_access}
 */
public record StatementPage(@ArraySchema(maxItems = PageResponse.MAX_ITEMS) List<StatementEntry> items,
		@Schema(minimum = "0", maximum = "" + PageResponse.MAX_PAGE) int page,
		@Schema(minimum = "1", maximum = "" + PageResponse.MAX_ITEMS) int size,
		@Schema(minimum = "0") long totalItems, @Schema(minimum = "0") long totalPages,
		@Nullable LocalDate closedBefore) {

	public StatementPage {
		items = List.copyOf(items);
	}

	static StatementPage of(PageResponse<StatementEntry> page, @Nullable LocalDate closedBefore) {
		return new StatementPage(page.items(), page.page(), page.size(), page.totalItems(), page.totalPages(),
				closedBefore);
	}

}
