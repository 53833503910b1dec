package io.lakegov.retention;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The rules that turn a table's evidence and settings into proposals. Pure: no I/O, no clock.
 * <p>
 * Needed reach = max(p99 depth x safety factor, deepest read), over successful and failed reads with a
 * known depth. RAISE when it exceeds what the settings keep (Delta: the shorter of log and deleted-file
 * retention; Iceberg: max snapshot age), to the step covering it (7/14/30/60/90/180/365 days); failures
 * of unknown depth alone raise one step. LOWER, when settings are known and nothing failed, to the
 * defaults when nobody time-travelled, or to the step covering the needed reach when the settings keep
 * {@code wideMargin} times that or more. REVIEW_UNUSED for inventory tables that existed before the
 * lookback and were not read in it.
 * <p>
 * Confidence. RAISE: HIGH when reads already failed and the settings are known; MEDIUM when settings
 * are known and at least three reads went beyond them, or when reads failed but the settings are
 * unknown; LOW otherwise. LOWER and REVIEW_UNUSED rest on absence, so: LOW when the store holds less
 * history than the lookback; MEDIUM when the settings keep more than the lookback can show (LOWER), the
 * table had fewer than 10 reads (LOWER), or is still written or was read before the lookback
 * (REVIEW_UNUSED); HIGH otherwise.
 */
final class RetentionRules {

	static final int FEW_READS = 10;

	private final RetentionProperties config;

	private final Instant lookbackStart;

	private final boolean storeCoversLookback;

	/**
	 * @param lookbackStart where the lookback starts
	 * @param storeCoversLookback whether the store holds usage facts from the start of the lookback
	 */
	RetentionRules(RetentionProperties config, Instant lookbackStart, boolean storeCoversLookback) {
		this.config = config;
		this.lookbackStart = lookbackStart;
		this.storeCoversLookback = storeCoversLookback;
	}

	List<RetentionProposal> propose(TableFacts facts) {
		List<RetentionProposal> proposals = new ArrayList<>(2);
		raise(facts).ifPresentOrElse(proposals::add, () -> lower(facts).ifPresent(proposals::add));
		unused(facts).ifPresent(proposals::add);
		return proposals;
	}

	private Optional<RetentionProposal> raise(TableFacts facts) {
		RetentionEvidence evidence = facts.evidence();
		RetentionSettings settings = facts.settings();
		Duration keeps = settings.keeps();
		Duration needed = needed(evidence);
		Duration target;
		String why;
		if (needed != null && needed.compareTo(keeps) > 0) {
			target = RetentionSteps.roundUp(needed);
			why = "Reads reached back up to " + evidence.maxDays() + " days (p99 " + evidence.p99Days() + " days, x"
					+ config.safetyFactor() + " safety factor) but the settings keep " + days(keeps) + " days";
		}
		else if (evidence.failures() > 0 && evidence.failedMaxDays() == null) {
			target = RetentionSteps.above(keeps);
			why = "Reads failed for history that was gone, at a depth that cannot be determined; the settings keep "
					+ days(keeps) + " days";
		}
		else {
			return Optional.empty();
		}
		if (evidence.failures() > 0) {
			why += "; " + evidence.failures() + " reads failed because the history was no longer available";
		}
		List<SettingValue> proposed = settings.iceberg()
				? List.of(SettingValue.millis(RetentionSettings.SNAPSHOT_AGE, target, false))
				: List.of(SettingValue.interval(RetentionSettings.LOG_RETENTION, longer(target, settings.logRetention()),
						false), SettingValue.interval(RetentionSettings.FILE_RETENTION, target, false));
		Confidence confidence;
		String rule;
		if (evidence.failures() > 0) {
			confidence = settings.known() ? Confidence.HIGH : Confidence.MEDIUM;
			rule = settings.known() ? "reads already failed for lack of history"
					: "reads already failed, but the settings are unknown (defaults assumed)";
		}
		else if (settings.known() && evidence.beyond(keeps) >= 3) {
			confidence = Confidence.MEDIUM;
			rule = "at least three reads went beyond what the settings keep";
		}
		else {
			confidence = Confidence.LOW;
			rule = settings.known() ? "fewer than three reads went beyond the settings"
					: "the settings are unknown (defaults assumed)";
		}
		return Optional.of(proposal(facts, RetentionKind.RAISE, why + ".", proposed, confidence, rule));
	}

	private Optional<RetentionProposal> lower(TableFacts facts) {
		RetentionEvidence evidence = facts.evidence();
		RetentionSettings settings = facts.settings();
		if (!settings.known() || evidence.failures() > 0) {
			return Optional.empty();
		}
		Duration target = Duration.ZERO;
		String why;
		if (evidence.travelled()) {
			Duration needed = needed(evidence);
			if (needed == null || evidence.depthUnknown() > 0) {
				return Optional.empty();
			}
			target = RetentionSteps.roundUp(needed);
			if (retained(settings).compareTo(multiply(target, config.wideMargin())) < 0) {
				return Optional.empty();
			}
			why = "The deepest read reached back " + evidence.maxDays() + " days but the settings keep "
					+ days(retained(settings)) + " days, more than " + config.wideMargin() + " times the "
					+ days(target) + " days needed";
		}
		else {
			why = "Nobody time-travelled in the last " + days(config.lookback()) + " days, yet the settings keep "
					+ days(retained(settings)) + " days, more than the defaults";
		}
		List<SettingValue> proposed;
		if (settings.iceberg()) {
			Duration age = shorter(settings.snapshotMaxAge(), longer(target, config.defaultSnapshotMaxAge()));
			if (age.equals(settings.snapshotMaxAge())) {
				return Optional.empty();
			}
			proposed = List.of(SettingValue.millis(RetentionSettings.SNAPSHOT_AGE, age, false));
		}
		else {
			Duration file = shorter(settings.deletedFileRetention(),
					longer(target, config.defaultDeletedFileRetention()));
			Duration log = longer(shorter(settings.logRetention(), longer(target, config.defaultLogRetention())), file);
			if (file.equals(settings.deletedFileRetention()) && log.equals(settings.logRetention())) {
				return Optional.empty();
			}
			proposed = List.of(SettingValue.interval(RetentionSettings.LOG_RETENTION, log, false),
					SettingValue.interval(RetentionSettings.FILE_RETENTION, file, false));
		}
		Confidence confidence;
		String rule;
		if (!storeCoversLookback) {
			confidence = Confidence.LOW;
			rule = "the store holds less usage history than the lookback";
		}
		else if (retained(settings).compareTo(config.lookback()) > 0) {
			confidence = Confidence.MEDIUM;
			rule = "the settings keep more than the lookback can show: rarer needs (a yearly audit) would not appear";
		}
		else if (evidence.usage().allReads() < FEW_READS) {
			confidence = Confidence.MEDIUM;
			rule = "fewer than " + FEW_READS + " reads in the lookback";
		}
		else {
			confidence = Confidence.HIGH;
			rule = "a busy table whose whole retention lies within the lookback";
		}
		return Optional.of(proposal(facts, RetentionKind.LOWER, why + ".", proposed, confidence, rule));
	}

	private Optional<RetentionProposal> unused(TableFacts facts) {
		RetentionEvidence evidence = facts.evidence();
		boolean existedBefore = facts.created() == null || !facts.created().isAfter(lookbackStart);
		if (!facts.inInventory() || !existedBefore || evidence.usage().allReads() > 0 || evidence.travelled()) {
			return Optional.empty();
		}
		TableUsage usage = evidence.usage();
		Confidence confidence;
		String rule;
		if (!storeCoversLookback) {
			confidence = Confidence.LOW;
			rule = "the store holds less usage history than the lookback";
		}
		else if (usage.writes() > 0 || usage.lastRead() != null) {
			confidence = Confidence.MEDIUM;
			rule = usage.writes() > 0 ? "the table is still written" : "the table was read before the lookback";
		}
		else {
			confidence = Confidence.HIGH;
			rule = "neither read nor written in the lookback";
		}
		String why = "Nobody read the table in the last " + days(config.lookback()) + " days"
				+ (usage.lastRead() == null ? "" : " (last read " + usage.lastRead() + ")")
				+ ". Read the impact report before dropping it.";
		return Optional.of(proposal(facts, RetentionKind.REVIEW_UNUSED, why, List.of(), confidence, rule));
	}

	private RetentionProposal proposal(TableFacts facts, RetentionKind kind, String why, List<SettingValue> proposed,
			Confidence confidence, String rule) {
		String sql = proposed.isEmpty() ? null : RetentionSql.setProperties(facts.table(), proposed);
		String impact = kind == RetentionKind.REVIEW_UNUSED ? impactLink(facts.table().qualified()) : null;
		return new RetentionProposal(facts.table().qualified(), kind, why, facts.settings().values(), proposed, sql,
				facts.settings().known(), confidence, rule, impact, facts.evidence());
	}

	static String impactLink(String table) {
		return "/api/v1/tables/" + URLEncoder.encode(table, StandardCharsets.UTF_8).replace("+", "%20") + "/impact";
	}

	/** max(p99 x safety factor, deepest read): the percentile with margin, never less than what was seen. */
	private Duration needed(RetentionEvidence evidence) {
		if (evidence.depths().isEmpty()) {
			return null;
		}
		return longer(multiply(evidence.p99(), config.safetyFactor()), evidence.max());
	}

	/** The longest history either Delta property keeps: what costs storage. */
	private static Duration retained(RetentionSettings settings) {
		return settings.iceberg() ? settings.snapshotMaxAge()
				: longer(settings.logRetention(), settings.deletedFileRetention());
	}

	private static Duration multiply(Duration duration, double factor) {
		return Duration.ofMillis((long) Math.ceil(duration.toMillis() * factor));
	}

	private static Duration longer(Duration a, Duration b) {
		return a.compareTo(b) >= 0 ? a : b;
	}

	private static Duration shorter(Duration a, Duration b) {
		return a.compareTo(b) <= 0 ? a : b;
	}

	private static String days(Duration duration) {
		double days = SettingValue.days(duration);
		return days == Math.rint(days) ? Long.toString((long) days) : Double.toString(days);
	}

}
