package io.lakegov.retention;

import java.util.List;

import io.lakegov.web.PageResponse;

/**
 * One page of retention proposals, with what the source could not give for them.
 *
 * @param items the proposals of this page
 * @param page the page number, from 0
 * @param size the page size asked for
 * @param totalItems how many proposals there are in all
 * @param totalPages how many pages of this size there are
 * @param inventory whether the source's table inventory was read: without it REVIEW_UNUSED is not proposed
 * and the tables nobody time-travelled are not asked for their settings
 * @param metadata how many tables' settings and commit histories the source gave; the others' settings are
 * unknown, defaults assumed ({@code settingsKnown: false})
 * @param inventoryLimit how many of the inventory's tables are looked at at most, the most recently altered first
 * ({@code lakegov.retention.max-inventory-tables})
 * @param inventoryCut true when the inventory lists more tables than {@code inventoryLimit}: the most recently
 * altered ones were looked at, and the others are not proposed for REVIEW_UNUSED
 */
public record ProposalPage(List<RetentionProposal> items, int page, int size, long totalItems, long totalPages,
		Availability inventory, Availability metadata, int inventoryLimit, boolean inventoryCut) {

	public ProposalPage {
		items = List.copyOf(items);
	}

	/** The same page as any other list's page. */
	public PageResponse<RetentionProposal> paged() {
		return new PageResponse<>(items, page, size, totalItems, totalPages);
	}

	static ProposalPage of(RetentionService.Proposals proposals, List<RetentionProposal> matching, int page, int size) {
		int fromIndex = (int) Math.min((long) page * size, matching.size());
		int toIndex = Math.min(fromIndex + size, matching.size());
		return new ProposalPage(matching.subList(fromIndex, toIndex), page, size, matching.size(),
				((long) matching.size() + size - 1) / size, proposals.inventory(), proposals.metadata(),
				proposals.inventoryLimit(), proposals.inventoryCut());
	}

}
