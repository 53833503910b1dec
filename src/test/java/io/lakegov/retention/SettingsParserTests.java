package io.lakegov.retention;

import io.lakegov.retention.text.IntervalText;
import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

class SettingsParserTests {

	final SettingsParser parser = new SettingsParser(RetentionProperties.defaults());

	@ParameterizedTest(name = "{0}")
	@CsvSource(delimiter = '|', textBlock = """
			interval 30 days      | 720
			30 days               | 720
			interval 1 weeks      | 168
			INTERVAL 168 HOURS    | 168
			interval 1 week 2 days| 216
			'interval 90 days'    | 2160
			""")
	void readsDeltaIntervals(String text, long hours) {
		assertThat(IntervalText.parse(text)).contains(Duration.ofHours(hours));
	}

	@ParameterizedTest(name = "{0}")
	@CsvSource(delimiter = '|', textBlock = """
			interval 1 month
			thirty days
			interval
			30 days and more
			""")
	void refusesWhatDeltaRefuses(String text) {
		assertThat(IntervalText.parse(text)).isEmpty();
	}

	@Test
	void appliesDefaultsForUnsetPropertiesAndSaysSo() {
		RetentionSettings settings = parser.parse(Map.of("delta.enableChangeDataFeed", "true"));

		assertThat(settings.known()).isTrue();
		assertThat(settings.format()).isEqualTo("DELTA");
		assertThat(settings.values()).containsExactly(
				new SettingValue("delta.logRetentionDuration", "interval 30 days", 30.0, true),
				new SettingValue("delta.deletedFileRetentionDuration", "interval 7 days", 7.0, true));
		assertThat(settings.keeps()).isEqualTo(Duration.ofDays(7));
	}

	@Test
	void readsSetPropertiesCaseInsensitively() {
		RetentionSettings settings = parser.parse(Map.of("delta.logretentionduration", "interval 365 days",
				"delta.deletedFileRetentionDuration", "interval 180 days"));

		assertThat(settings.values()).containsExactly(
				new SettingValue("delta.logRetentionDuration", "interval 365 days", 365.0, false),
				new SettingValue("delta.deletedFileRetentionDuration", "interval 180 days", 180.0, false));
		assertThat(settings.keeps()).isEqualTo(Duration.ofDays(180));
	}

	@Test
	void readsIcebergSnapshotExpiry() {
		RetentionSettings settings = parser.parse(Map.of("history.expire.max-snapshot-age-ms", "2592000000",
				"history.expire.min-snapshots-to-keep", "20"));

		assertThat(settings.format()).isEqualTo("ICEBERG");
		assertThat(settings.values()).containsExactly(
				new SettingValue("history.expire.max-snapshot-age-ms", "2592000000", 30.0, false),
				new SettingValue("history.expire.min-snapshots-to-keep", "20", null, false));
		assertThat(settings.keeps()).isEqualTo(Duration.ofDays(30));
	}

	@Test
	void marksUnreadableValuesUnknown() {
		RetentionSettings settings = parser.parse(Map.of("delta.logRetentionDuration", "interval 1 month"));

		assertThat(settings.known()).isFalse();
		assertThat(settings.note()).isEqualTo("cannot read delta.logRetentionDuration = 'interval 1 month'");
		assertThat(settings.logRetention()).isEqualTo(Duration.ofDays(30));
	}

}
