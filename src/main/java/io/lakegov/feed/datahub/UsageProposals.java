package io.lakegov.feed.datahub;

import java.util.Objects;
import java.util.Optional;

import io.lakegov.feed.TableDay;
import io.lakegov.usage.BusinessDates;

import org.springframework.stereotype.Component;

/**
 * Turns one table's day of the usage feed into DataHub's {@code datasetUsageStatistics} proposal. Counts are DataHub's
 * 32-bit integers, so a count beyond their range says the most they can.
 */
@Component
class UsageProposals {

	private final DatasetUrns urns;

	private final BusinessDates dates;

	UsageProposals(DatasetUrns urns, BusinessDates dates) {
		this.urns = urns;
		this.dates = dates;
	}

	/** The proposal of the table's day; empty for a table DataHub's Unity Catalog source has no dataset for. */
	Optional<UsageProposal> of(TableDay day) {
		return urns.dataset(day.table()).map(urn -> UsageProposal.of(urn, statistics(day)));
	}

	private UsageProposal.UsageStatistics statistics(TableDay day) {
		long start = day.date().atStartOfDay(dates.zone()).toInstant().toEpochMilli();
		return new UsageProposal.UsageStatistics(start, UsageProposal.Granularity.DAY, UsageProposal.Partition.FULL_TABLE,
				saturated(day.users()), saturated(day.statements()),
				day.topQueries().stream().map(TableDay.QueryCount::example).filter(Objects::nonNull).toList(),
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

	static int saturated(long count) {
		return (int) Math.min(Integer.MAX_VALUE, Math.max(0, count));
	}

}
