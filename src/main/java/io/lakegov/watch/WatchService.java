package io.lakegov.watch;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import io.lakegov.usage.PageRequest;
import io.lakegov.watch.detect.ActiveWatches;
import io.lakegov.watch.outbox.OutboxSender;
import io.lakegov.watch.outbox.Signature;
import io.lakegov.watch.outbox.TargetGuard;
import io.lakegov.web.ApiException;
import io.lakegov.web.PageResponse;
import io.lakegov.web.ProblemTypes;

import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Service;

/**
 * Creates, lists and deletes watches, lists their deliveries and sends samples. A request is checked whole
 * before anything is stored: names, patterns, events and the receiver's URL (which must resolve to addresses
 * deliveries may go to). Every change is announced to all replicas once it is stored.
 */
@Service
class WatchService {

	static final int MAX_NAME = 200;

	static final int MAX_TABLES = 100;

	/** As many events as there are kinds (WatchRequestTests keeps them equal): a list may name each once. */
	static final int MAX_EVENTS = 7;

	/** Watches lakegov keeps at most: the list is answered whole, and every batch matches its tables. */
	static final int MAX_WATCHES = 1000;

	private final WatchRepository watches;

	private final ActiveWatches active;

	private final TargetGuard guard;

	private final OutboxSender sender;

	WatchService(WatchRepository watches, ActiveWatches active, TargetGuard guard, OutboxSender sender) {
		this.watches = watches;
		this.active = active;
		this.guard = guard;
		this.sender = sender;
	}

	/** The new watch with its secret, shown this once. */
	Watch create(WatchRequest request, String caller) {
		if (request == null) {
			throw ApiException.badRequest("a watch needs a body");
		}
		String name = request.name() == null ? "" : request.name().strip();
		if (name.isEmpty() || name.length() > MAX_NAME) {
			throw ApiException.badRequest("name must have 1 to " + MAX_NAME + " characters");
		}
		List<EventType> events = events(request.events());
		List<String> tables = tables(request.tables());
		if (tables.isEmpty() && events.stream().anyMatch(EventType.ABOUT_TABLES::contains)) {
			throw ApiException.badRequest("tables must name at least one pattern for the events " + EventType.ABOUT_TABLES);
		}
		if (!tables.isEmpty() && events.stream().noneMatch(EventType.ABOUT_TABLES::contains)) {
			throw ApiException.badRequest("tables apply only to the events " + EventType.ABOUT_TABLES
					+ ", which this watch does not ask for: leave tables out, or ask for one of them");
		}
		Watch.Webhook webhook = webhook(request.webhook());
		if (watches.count() >= MAX_WATCHES) {
			throw new ApiException(HttpStatus.CONFLICT, ProblemTypes.CONFLICT, "lakegov keeps at most " + MAX_WATCHES
					+ " watches, and has as many: delete the ones no one needs, or widen one's table patterns.");
		}
		Watch created = watches.insert(name, tables, events, webhook, Signature.newSecret(), caller);
		active.changed();
		return created;
	}

	List<Watch> list() {
		return watches.all().stream().map(Watch::masked).toList();
	}

	Watch get(long id) {
		return watches.byId(id).map(Watch::masked).orElseThrow(() -> notFound(id));
	}

	void delete(long id) {
		if (!watches.delete(id)) {
			throw notFound(id);
		}
		active.changed();
	}

	PageResponse<Delivery> deliveries(long id, PageRequest page) {
		get(id);
		return sender.deliveries(id, page);
	}

	/** Sends a sample event to the watch's receiver now and answers how it went. */
	Delivery test(long id) {
		Watch watch = get(id);
		Map<String, Object> details = new LinkedHashMap<>();
		details.put("note", "a sample delivery of watch " + watch.name() + ", sent on request");
		details.put("events", watch.events().stream().map(Enum::name).toList());
		return sender.sendSample(id, details);
	}

	private static List<EventType> events(List<String> requested) {
		if (requested == null || requested.isEmpty()) {
			throw ApiException.badRequest("events must name at least one of " + List.of(EventType.values()));
		}
		if (requested.size() > MAX_EVENTS) {
			throw ApiException.badRequest("events names at most " + MAX_EVENTS + " events, each once");
		}
		Set<EventType> events = EnumSet.noneOf(EventType.class);
		for (String event : requested) {
			try {
				events.add(EventType.valueOf(event == null ? "" : event.strip().toUpperCase(Locale.ROOT)));
			}
			catch (IllegalArgumentException ex) {
				throw ApiException.badRequest("unknown event '" + event + "'; events are " + List.of(EventType.values()));
			}
		}
		return new ArrayList<>(events);
	}

	private static List<String> tables(List<String> requested) {
		if (requested == null) {
			return List.of();
		}
		if (requested.size() > MAX_TABLES) {
			throw ApiException.badRequest("a watch names at most " + MAX_TABLES + " table patterns");
		}
		Set<String> tables = new LinkedHashSet<>();
		for (String table : requested) {
			try {
				tables.add(new TablePattern(table).text());
			}
			catch (IllegalArgumentException ex) {
				throw ApiException.badRequest(ex.getMessage());
			}
		}
		return List.copyOf(tables);
	}

	private Watch.Webhook webhook(Watch.Webhook requested) {
		if (requested == null) {
			throw ApiException.badRequest("webhook is missing: {\"url\": \"https://...\", \"format\": \"generic\"}");
		}
		try {
			WebhookFormat format = WebhookFormat.parse(requested.format());
			return new Watch.Webhook(guard.check(requested.url()).toString(), format.id());
		}
		catch (IllegalArgumentException ex) {
			throw ApiException.badRequest(ex.getMessage());
		}
	}

	private static ApiException notFound(long id) {
		return ApiException.notFound("no watch " + id);
	}

}
