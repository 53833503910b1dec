package io.lakegov.catalog;

import java.util.List;

/**
 * Published inside a catalog sync's transaction with every view the source lists, so that what keeps
 * figures per view learns the views no statement in the facts defined. Listeners run in that transaction,
 * before the sync commits.
 *
 * @param names the full names of the views the source lists now
 */
public record ViewsListed(List<String> names) {

	public ViewsListed {
		names = List.copyOf(names);
	}

}
