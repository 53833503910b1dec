package io.lakegov.feed.datahub;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.random.RandomGenerator;

import io.lakegov.feed.DailyUsage;
import io.lakegov.feed.FeedPosition;
import io.lakegov.feed.TableDay;
import io.lakegov.usage.BusinessDates;
import io.lakegov.usage.DateRange;
import io.lakegov.web.Backoff;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.stereotype.Service;

/**
 * Pushes each closed business day's usage to DataHub's GMS once: a day is due {@code lakegov.datahub.push-after} after
 * it ends in the business time zone; its proposals are posted in the feed's table order, each tried a few times, and
 * the last table GMS accepted is recorded after each, so a push that stops resumes there (on any replica, after a
 * restart) and a pushed day is never pushed again. When GMS fails the day is put back with a growing wait and the
 * round ends: a GMS that is down costs one short try per round, on the pusher's own thread, never ingestion's time.
 * A proposal GMS refuses as invalid (400, 413, 422) is skipped and counted. After a proposal GMS failed, the round
 * posts the next few once each: when GMS takes one, the round counts against the failed proposal, which is given up
 * after {@code give-up-after} such rounds in a row (GMS is up, and cannot store it); when GMS takes none, it is down
 * and nothing counts. Delivery is at least once: a replica that dies
 * between GMS's answer and the record posts that one proposal again, which GMS stores once (a time series aspect of
 * the same dataset and timestamp replaces the earlier one).
 */
@Service
class UsagePusher {

	private static final Logger log = LoggerFactory.getLogger(UsagePusher.class);

	/** Entries read from the feed at a time. */
	static final int PAGE = 200;

	/**
	 * How many more proposals a round posts (once each) after GMS failed one, to tell a proposal GMS cannot store
	 * from a GMS that is down.
	 */
	static final int PROBES = 3;

	private final DataHubProperties properties;

	private final DailyUsage usage;

	private final UsageProposals proposals;

	private final GmsClient gms;

	private final PushRepository repository;

	private final PushMetrics metrics;

	private final BusinessDates dates;

	private final JsonMapper json = JsonMapper.builder().build();

	private final RandomGenerator random = RandomGenerator.getDefault();

	private final Backoff backoff;

	UsagePusher(DataHubProperties properties, DailyUsage usage, UsageProposals proposals, GmsClient gms,
			PushRepository repository, PushMetrics metrics, BusinessDates dates) {
		this.properties = properties;
		this.backoff = new Backoff(properties.retryInitial(), properties.retryMax());
		this.usage = usage;
		this.proposals = proposals;
		this.gms = gms;
		this.repository = repository;
		this.metrics = metrics;
		this.dates = dates;
	}

	/** Pushes every closed day that is due, one after the other; how many were pushed whole. */
	int pushDue() {
		return pushDue(Instant.now());
	}

	/** As {@link #pushDue()}, with the days closed as of {@code now}. */
	int pushDue(Instant now) {
		if (!properties.pushes()) {
			return 0;
		}
		LocalDate last = lastClosedDay(now, dates.zone());
		LocalDate first = last.minusDays(properties.pushDays() - 1L);
		repository.addDays(first, last);
		List<LocalDate> changed = repository.putBackChanged(first);
		if (!changed.isEmpty()) {
			log.info("The usage of {} changed after it was pushed to DataHub; pushing again", changed);
		}
		int pushed = 0;
		Optional<PushRepository.Claimed> claimed;
		while ((claimed = repository.claim(properties.lease())).isPresent()) {
			Outcome outcome = push(claimed.get());
			if (outcome == Outcome.PUSHED) {
				pushed++;
			}
			if (outcome == Outcome.FAILED) {
				break;
			}
		}
		metrics.pending(repository.status().pendingDays());
		return pushed;
	}

	/** The latest business day that ended {@code push-after} ago or more. */
	LocalDate lastClosedDay(Instant now, ZoneId zone) {
		LocalDate day = LocalDate.ofInstant(now, zone);
		while (day.atStartOfDay(zone).toInstant().plus(properties.pushAfter()).isAfter(now)) {
			day = day.minusDays(1);
		}
		return day.minusDays(1);
	}

	private enum Outcome {
		PUSHED, FAILED, TAKEN_OVER
	}

	private Outcome push(PushRepository.Claimed day) {
		if (day.pushedThrough() == null) {
			repository.fingerprint(day);
		}
		DateRange window = new DateRange(day.date(), day.date());
		FeedPosition after = day.pushedThrough() == null ? FeedPosition.before(day.date())
				: new FeedPosition(day.date(), day.pushedThrough());
		int accepted = day.proposals();
		// the tables whose proposals GMS failed in this round since it last took one, and the first failure
		List<String> failing = new ArrayList<>();
		String failure = null;
		while (after != null) {
			DailyUsage.Page page = usage.page(window, after, PAGE);
			for (TableDay entry : page.items()) {
				var proposal = proposals.of(entry);
				if (proposal.isPresent()) {
					GmsClient.Answer answer = post(proposal.get(), failing.isEmpty() ? properties.attempts() : 1);
					if (answer.accepted()) {
						accepted++;
						metrics.posted("ACCEPTED");
						if (!failing.isEmpty()) {
							// GMS is up and takes others: the round counts against the first proposal it failed
							if (repository.failedAt(day, failing.get(0)) < properties.giveUpAfter()) {
								return failed(day, failure);
							}
							giveUp(day, failing, failure);
							failing.clear();
						}
					}
					else if (answer.refused()) {
						metrics.posted("REFUSED");
						log.warn("DataHub GMS refused the usage of {} on {}: {}", entry.table(), day.date(), answer.error());
					}
					else {
						metrics.posted("FAILED");
						failing.add(entry.table());
						failure = failure == null ? answer.error() : failure;
						if (failing.size() > PROBES) {
							return failed(day, failure);
						}
						continue;
					}
				}
				if (failing.isEmpty() && !repository.advance(day, entry.table(), accepted, properties.lease())) {
					return Outcome.TAKEN_OVER;
				}
			}
			after = page.next();
		}
		if (!failing.isEmpty()) {
			return failed(day, failure);
		}
		repository.pushed(day);
		log.info("Pushed the usage of {} to DataHub GMS: {} proposals", day.date(), accepted);
		return Outcome.PUSHED;
	}

	/** The day's push stopped on a proposal GMS failed: the day is tried again after its backoff, the round ends. */
	private Outcome failed(PushRepository.Claimed day, String error) {
		Duration retry = backoff.after(day.attempt(), random);
		repository.failed(day, error, retry);
		log.warn("Could not push the usage of {} to DataHub GMS, trying again in {}: {}", day.date(), retry, error);
		return Outcome.FAILED;
	}

	/**
	 * Gives up the proposals of {@code tables}: GMS failed them in {@code give-up-after} rounds in a row, each time
	 * taking the one after, so it is these proposals GMS cannot store, not GMS that is down.
	 */
	private void giveUp(PushRepository.Claimed day, List<String> tables, String error) {
		repository.gaveUp(day, tables.size());
		tables.forEach(table -> {
			metrics.posted("GAVE_UP");
			log.warn("Gave up the usage of {} on {} for DataHub GMS: it failed in {} rounds in a row while GMS took "
					+ "the next proposal: {}", table, day.date(), properties.giveUpAfter(), error);
		});
	}

	/** Posts the proposal up to {@code attempts} times while GMS fails for reasons of its own. */
	private GmsClient.Answer post(UsageProposal proposal, int attempts) {
		String body = json.writeValueAsString(Map.of("proposal", new GmsProposal(proposal.entityType(),
				proposal.entityUrn(), proposal.changeType(), proposal.aspectName(),
				new GmsProposal.Value(json.writeValueAsString(proposal.aspect().json()), "application/json"))));
		GmsClient.Answer answer = gms.post(body);
		for (int attempt = 2; attempt <= attempts && !answer.accepted() && !answer.refused(); attempt++) {
			try {
				Thread.sleep(Math.min(properties.retryInitial().toMillis(), 500L * (attempt - 1)));
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				return answer;
			}
			answer = gms.post(body);
		}
		return answer;
	}

	/** A proposal as GMS's Rest.li endpoint takes it: the aspect's value as JSON text. */
	record GmsProposal(String entityType, String entityUrn, String changeType, String aspectName, Value aspect) {

		record Value(String value, String contentType) {
		}

	}

}
