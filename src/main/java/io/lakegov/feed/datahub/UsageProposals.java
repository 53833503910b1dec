package io.lakegov.feed.datahub;

import java.time.ZoneOffset;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

import io.lakegov.feed.TableDay;

import org.springframework.stereotype.Component;

/**
 * Turns one table's day of the usage feed into DataHub's {@code datasetUsageStatistics} proposal. Counts are DataHub's
 * 32-bit integers, so a count beyond their range says the most they can.
 */
@Component
class UsageProposals {

	/** The characters all of a proposal's query texts may hold together. */
	static final int QUERY_BUDGET = 24_000;

	/** What ends a text that was cut. */
	private static final String TRIMMED = " ...";

	private final DatasetUrns urns;

	UsageProposals(DatasetUrns urns) {
		this.urns = urns;
	}

	/** The proposal of the table's day; empty for a table DataHub's Unity Catalog source has no dataset for. */
	Optional<UsageProposal> of(TableDay day) {
		return urns.dataset(day.table()).map(urn -> UsageProposal.of(urn, statistics(day)));
	}

	private UsageProposal.UsageStatistics statistics(TableDay day) {
		// DataHub buckets usage by UTC days: the business day is stamped at that day's UTC midnight, so that it
		// shows on its own date whatever the business zone
		long start = day.date().atStartOfDay(ZoneOffset.UTC).toInstant().toEpochMilli();
		List<String> queries = day.topQueries().stream().map(TableDay.QueryCount::example).filter(Objects::nonNull)
			.toList();
		return new UsageProposal.UsageStatistics(start, UsageProposal.Granularity.DAY, UsageProposal.Partition.FULL_TABLE,
				saturated(day.users()), saturated(day.statements()), trimmed(queries),
				day.topUsers()
					.stream()
					.map(user -> new UsageProposal.UserCount(DatasetUrns.user(user.user()), saturated(user.uses()),
							email(user.user())))
					.toList(),
				day.columns()
					.stream()
					.map(column -> new UsageProposal.FieldCount(column.column(), saturated(column.reads())))
					.toList());
	}

	/** The principal when it is an e-mail address (Databricks users are; service principals are application ids). */
	private static String email(String user) {
		int at = user.indexOf('@');
		return at > 0 && at < user.length() - 1 && user.indexOf('@', at + 1) < 0 ? user : null;
	}

	/**
	 * The texts within {@link #QUERY_BUDGET} characters in all, each cut to an equal share with {@code " ..."}
	 * at its end, as DataHub's own usage sources trim them: a larger aspect is refused by GMS or its queue,
	 * and the refusal would stop the day's push there.
	 */
	static List<String> trimmed(List<String> queries) {
		if (queries.isEmpty()) {
			return queries;
		}
		int share = QUERY_BUDGET / queries.size();
		return queries.stream().map(text -> text.length() <= share ? text : cut(text, share - TRIMMED.length())).toList();
	}

	private static String cut(String text, int length) {
		int end = Character.isHighSurrogate(text.charAt(length - 1)) ? length - 1 : length;
		return text.substring(0, end) + TRIMMED;
	}

	static int saturated(long count) {
		return (int) Math.min(Integer.MAX_VALUE, Math.max(0, count));
	}

}
