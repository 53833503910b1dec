package io.lakegov.watch.detect;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.lakegov.watch.EventType;
import io.lakegov.watch.outbox.Outbox;
import io.lakegov.watch.outbox.RaisedEvent;
import org.jspecify.annotations.Nullable;

import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Raises INGESTION_DOWN and INGESTION_UP when the ingestion health ({@code ingest}) flips between UP and DOWN,
 * and MASKED_SHARE when the share of masked texts in the newest run rises above the configured one (the
 * health then carries advice). The last value seen is kept in the store ({@code watch_state}) and changed by
 * one atomic statement, so a flip raises one event whichever replica sees it first. The first look only
 * records the health: no flip has been seen yet.
 */
@Component
public class HealthFlips {

	private final HealthIndicator ingestion;

	private final ActiveWatches active;

	private final Outbox outbox;

	private final JdbcClient jdbc;

	private final TransactionTemplate tx;

	HealthFlips(@Qualifier("ingestHealthIndicator") HealthIndicator ingestion, ActiveWatches active, Outbox outbox,
			JdbcClient jdbc, TransactionTemplate tx) {
		this.ingestion = ingestion;
		this.active = active;
		this.outbox = outbox;
		this.jdbc = jdbc;
		this.tx = tx;
	}

	private record Flip(boolean first, Instant at) {
	}

	/** Looks at the health once; how many events were raised. */
	public int check() {
		Health health = ingestion.health();
		Map<String, Object> facts = health.getDetails();
		Integer raised = tx.execute(status -> {
			List<RaisedEvent> events = new ArrayList<>();
			Status now = health.getStatus();
			if (Status.UP.equals(now) || Status.DOWN.equals(now)) {
				flip("ingestion", now.getCode()).filter(flip -> !flip.first()).ifPresent(flip -> {
					EventType type = Status.DOWN.equals(now) ? EventType.INGESTION_DOWN : EventType.INGESTION_UP;
					Map<String, Object> details = new LinkedHashMap<>();
					details.put("status", now.getCode());
					details.put("at", flip.at().toString());
					copy(facts, details, "reason", "lastError", "completeUntil", "consecutiveFailures");
					if (facts.get("sources") instanceof Map<?, ?> sources) {
						// several sources: each one's status and its own reasons
						Map<String, Object> each = new LinkedHashMap<>();
						sources.forEach((name, source) -> {
							if (source instanceof Health one) {
								Map<String, Object> its = new LinkedHashMap<>();
								its.put("status", one.getStatus().getCode());
								copy(one.getDetails(), its, "reason", "lastError", "completeUntil", "consecutiveFailures");
								each.put(String.valueOf(name), its);
							}
						});
						details.put("sources", each);
					}
					events.addAll(raise(type, flip.at(), details));
				});
			}
			if (facts.get("sources") instanceof Map<?, ?> sources) {
				// several sources: each has its own share of masked texts, under its name
				sources.forEach((name, each) -> {
					if (each instanceof Health source) {
						events.addAll(maskedShare("masked-share:" + name, String.valueOf(name), source.getDetails()));
					}
				});
			}
			else {
				events.addAll(maskedShare("masked-share", null, facts));
			}
			return outbox.raise(events);
		});
		return raised == null ? 0 : raised;
	}

	/** The MASKED_SHARE events when the share of one source (null: the only one) rose above its threshold. */
	private List<RaisedEvent> maskedShare(String state, @Nullable String source, Map<String, Object> facts) {
		if (facts.get("maskedShare") == null) {
			return List.of();
		}
		String level = facts.containsKey("advice") ? "ABOVE" : "BELOW";
		return flip(state, level).filter(flip -> "ABOVE".equals(level)).map(flip -> {
			Map<String, Object> details = new LinkedHashMap<>();
			if (source != null) {
				details.put("source", source);
			}
			details.put("at", flip.at().toString());
			copy(facts, details, "maskedShare", "advice");
			return raise(EventType.MASKED_SHARE, flip.at(), details,
					EventType.MASKED_SHARE.name() + (source == null ? "" : "|" + source) + "|" + flip.at());
		}).orElse(List.of());
	}

	private List<RaisedEvent> raise(EventType type, Instant at, Map<String, Object> details) {
		return raise(type, at, details, type.name() + "|" + at);
	}

	private List<RaisedEvent> raise(EventType type, Instant at, Map<String, Object> details, String key) {
		return active.current()
			.wanting(type)
			.stream()
			.filter(watch -> !at.isBefore(watch.createdAt()))
			.map(watch -> new RaisedEvent(watch.id(), type.name(), key, details))
			.toList();
	}

	/** Records the value; the flip when it differs from the last one (or is the first), empty when the same. */
	private Optional<Flip> flip(String name, String value) {
		return jdbc.sql("""
				INSERT INTO watch_state AS s (name, value, changed_at) VALUES (:name, :value, now())
				ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value, changed_at = EXCLUDED.changed_at
				WHERE s.value <> EXCLUDED.value
				RETURNING xmax = 0, changed_at""")
			.param("name", name)
			.param("value", value)
			.query((rs, n) -> new Flip(rs.getBoolean(1), rs.getTimestamp(2).toInstant()))
			.optional();
	}

	private static void copy(Map<String, Object> from, Map<String, Object> to, String... keys) {
		for (String key : keys) {
			Object value = from.get(key);
			if (value != null) {
				to.put(key, value instanceof Number || value instanceof Boolean ? value : value.toString());
			}
		}
	}

}
