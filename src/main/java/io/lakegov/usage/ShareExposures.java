package io.lakegov.usage;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Folds share events, in the order their statements started, into exposure periods. An ADD opens a period (an ADD
 * of a table already in the share only updates it, as Databricks refuses it anyway); an UPDATE changes the open
 * period's alias or history, or opens one when the table was shared before the history lakegov holds; a REMOVE
 * closes it; a DROP closes every open period of the share; a RENAME closes them and opens the same under the new
 * name. Events of statements that did not finish change nothing.
 */
final class ShareExposures {

	private final Map<String, ShareExposure> open = new LinkedHashMap<>();

	private final List<ShareExposure> closed = new ArrayList<>();

	private ShareExposures() {
	}

	static List<ShareExposure> fold(List<ShareEvent> inOrder) {
		ShareExposures exposures = new ShareExposures();
		inOrder.stream().filter(ShareEvent::finished).forEach(exposures::apply);
		List<ShareExposure> all = new ArrayList<>(exposures.closed);
		all.addAll(exposures.open.values());
		return all;
	}

	private void apply(ShareEvent event) {
		String key = event.shareName() + '\u0001' + event.tableName();
		ShareExposure current = open.get(key);
		switch (event.action()) {
			case "ADD", "UPDATE" -> open.put(key, current != null ? current.updated(event.alias(), event.withHistory())
					: ShareExposure.opened(event, event.tableName(), event.shareName(), event.alias(),
							event.withHistory()));
			case "REMOVE" -> {
				if (current != null) {
					closed.add(current.closed(event));
					open.remove(key);
				}
			}
			case "DROP", "RENAME" -> closeShare(event);
			default -> {
				// an action a newer analyser may add: it changes no exposure lakegov knows how to follow
			}
		}
	}

	private void closeShare(ShareEvent event) {
		List<ShareExposure> carried = new ArrayList<>();
		for (Iterator<ShareExposure> it = open.values().iterator(); it.hasNext();) {
			ShareExposure exposure = it.next();
			if (exposure.share().equals(event.shareName())) {
				closed.add(exposure.closed(event));
				carried.add(exposure);
				it.remove();
			}
		}
		if ("RENAME".equals(event.action()) && event.renamedTo() != null) {
			carried.forEach(exposure -> open.put(event.renamedTo() + '\u0001' + exposure.table(), ShareExposure
				.opened(event, exposure.table(), event.renamedTo(), exposure.alias(), exposure.withHistory())));
		}
	}

}
