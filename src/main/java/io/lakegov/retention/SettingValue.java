package io.lakegov.retention;

import io.lakegov.retention.text.IntervalText;
import java.time.Duration;
import java.util.Objects;

/**
 * One retention property of a table.
 *
 * @param property the table property, e.g. {@code delta.logRetentionDuration}
 * @param value the value as it is (or would be) written in {@code TBLPROPERTIES}
 * @param days the duration it stands for, in days (null for a count such as min-snapshots-to-keep)
 * @param defaulted true when the table does not set it and the format's default applies
 */
public record SettingValue(String property, String value, Double days, boolean defaulted) {

	public SettingValue {
		Objects.requireNonNull(property, "property");
		Objects.requireNonNull(value, "value");
	}

	/** A proposed interval, in whole days rounded up (the form Delta documents). */
	static SettingValue interval(String property, Duration duration, boolean defaulted) {
		return new SettingValue(property, IntervalText.format(duration), days(duration), defaulted);
	}

	/** A table's interval as it stands, without rounding: a table may keep files for an hour. */
	static SettingValue currentInterval(String property, Duration duration, boolean defaulted) {
		return new SettingValue(property, IntervalText.exact(duration), days(duration), defaulted);
	}

	static SettingValue millis(String property, Duration duration, boolean defaulted) {
		return new SettingValue(property, Long.toString(duration.toMillis()), days(duration), defaulted);
	}

	static double days(Duration duration) {
		return Math.round(duration.toSeconds() / 864.0) / 100.0;
	}

}
