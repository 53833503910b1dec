package io.lakegov.openlineage.outbox;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.random.RandomGenerator;

import io.lakegov.history.Sources;
import io.lakegov.openlineage.OpenLineageProperties;
import io.lakegov.openlineage.event.RunEventFactory;
import io.lakegov.openlineage.event.StoredStatement;
import io.lakegov.web.Backoff;
import io.lakegov.web.FailureText;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineageClientUtils;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.stereotype.Service;

/**
 * Sends the outbox to the consumer, source by source, each in its order: takes the source's lease (one sender
 * per source across replicas), builds the next events from what the store says now, posts them one after the
 * other and records each success with the cursor in one transaction. A failure stops the source's turn (the
 * order holds) and makes it wait an exponential backoff with jitter; an event the consumer refuses as malformed
 * is set aside as REJECTED so that it does not hold up the rest. Delivery is at least once: a sender that dies
 * between a post and its record leaves the event to be posted again once the lease has run out, with the same
 * run id, by which consumers recognise it.
 */
@Service
public class FeedSender {

	private static final Logger log = LoggerFactory.getLogger(FeedSender.class);

	/**
	 * Events the consumer may refuse in a row, each set aside, before the sender takes it for a consumer that
	 * refuses everything and waits, as for one that is down, rather than set the whole backlog aside.
	 */
	static final int MAX_REJECTED_IN_ROW = 100;

	private final OpenLineageProperties properties;

	private final Sources sources;

	private final FeedOutbox outbox;

	private final StatementLoader loader;

	private final ConsumerClient client;

	private final FeedMetrics metrics;

	private final RunEventFactory factory = new RunEventFactory();

	private final RandomGenerator random = RandomGenerator.getDefault();

	private final Backoff backoff;

	private final String owner;

	FeedSender(OpenLineageProperties properties, Sources sources, FeedOutbox outbox, StatementLoader loader,
			ConsumerClient client, FeedMetrics metrics) {
		this.properties = properties;
		this.backoff = new Backoff(properties.retryInitial(), properties.retryMax());
		this.sources = sources;
		this.outbox = outbox;
		this.loader = loader;
		this.client = client;
		this.metrics = metrics;
		this.owner = node() + "/" + UUID.randomUUID();
	}

	/**
	 * Sends what is due, a batch per source in turn, until no source has a full batch left or every source
	 * stopped on a failure or another sender's lease: how many events the consumer accepted.
	 */
	public int sendDue() {
		if (!properties.enabled()) {
			return 0;
		}
		int sent = 0;
		List<String> more = new ArrayList<>(names());
		while (!more.isEmpty()) {
			List<String> next = new ArrayList<>();
			for (String source : more) {
				Turn turn = turn(source);
				sent += turn.sent();
				if (turn.full()) {
					next.add(source);
				}
			}
			more = next;
		}
		metrics.backlog(outbox.backlog());
		return sent;
	}

	/** What one source's turn did: events accepted, and whether it ended on a full batch with more to come. */
	private record Turn(int sent, boolean full) {
	}

	private Turn turn(String source) {
		String host = properties.hostOf(source);
		if (host == null) {
			return new Turn(0, false);
		}
		var claimed = outbox.claim(source, owner, properties.lease());
		if (claimed.isEmpty()) {
			return new Turn(0, false);
		}
		int failures = claimed.get().failures();
		int refusedInRow = claimed.get().rejectedInRow();
		boolean holding = true;
		int sent = 0;
		try {
			List<FeedOutbox.Pending> batch = outbox.pending(source, properties.batchSize());
			Map<String, StoredStatement> statements = batch.isEmpty() ? Map.of()
					: loader.load(source, batch.stream().map(FeedOutbox.Pending::statementId).toList());
			for (FeedOutbox.Pending pending : batch) {
				StoredStatement statement = statements.get(pending.statementId());
				OpenLineage.RunEvent event = statement == null ? null
						: factory.build(statement, host, properties.jobNamespace());
				if (event == null) {
					outbox.skipped(source, pending);
					metrics.outcome("skipped");
					continue;
				}
				ConsumerClient.Answer answer = client.post(OpenLineageClientUtils.toJson(event));
				switch (answer.outcome()) {
					case SENT -> {
						if (!outbox.sent(source, owner, pending, event.getEventTime().toInstant(), properties.lease())) {
							// another sender took the source over: it goes on from here
							holding = false;
							return new Turn(sent, false);
						}
						metrics.outcome("sent");
						sent++;
						refusedInRow = 0;
					}
					case REJECTED -> {
						if (refusedInRow >= MAX_REJECTED_IN_ROW) {
							// a consumer that refuses everything is misconfigured or broken, not our events
							outbox.failed(source, owner, "The consumer refused the last " + refusedInRow
									+ " events in a row; sending waits as for a consumer that is down (check its "
									+ "endpoint and credentials; a backfill sends the refused events again). The last: "
									+ answer.error(), backoff.after(failures + 1, random));
							metrics.outcome("failed");
							holding = false;
							return new Turn(sent, false);
						}
						refusedInRow++;
						if (!outbox.rejected(source, owner, pending, answer.error())) {
							holding = false;
							return new Turn(sent, false);
						}
						metrics.outcome("rejected");
					}
					case RETRY -> {
						outbox.failed(source, owner, answer.error(), backoff.after(failures + 1, random));
						metrics.outcome("failed");
						holding = false;
						return new Turn(sent, false);
					}
				}
			}
			return new Turn(sent, batch.size() == properties.batchSize());
		}
		catch (RuntimeException ex) {
			// the source waits as after a consumer's failure, with why; the other sources carry on
			log.warn("Sending the OpenLineage events of source {} failed: {}", source, FailureText.describe(ex));
			try {
				outbox.failed(source, owner, FailureText.describe(ex), backoff.after(failures + 1, random));
				holding = false;
			}
			catch (RuntimeException recording) {
				log.warn("The failure could not be recorded either: {}", FailureText.describe(recording));
			}
			return new Turn(sent, false);
		}
		finally {
			if (holding) {
				outbox.release(source, owner);
			}
		}
	}

	private List<String> names() {
		List<String> names = new ArrayList<>(sources.names());
		names.addAll(sources.disabled());
		return names;
	}

	private static String node() {
		try {
			return InetAddress.getLocalHost().getHostName();
		}
		catch (UnknownHostException ex) {
			return "unknown";
		}
	}

}
