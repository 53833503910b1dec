package io.lakegov.history;

import java.sql.Struct;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class HistoryValuesTests {

	@Test
	void replacesNulCharactersThatPostgresCannotStore() throws Exception {
		assertThat(HistoryValues.convert(HistoryColumn.Type.TEXT, "a\u0000b")).isEqualTo("a\uFFFDb");
		assertThat(HistoryValues.json("{\"a\": \"x\\u0000y\"}").json()).doesNotContain("\\u0000").contains("\\ufffd");
	}

	@Test
	void keepsInvalidStructJsonAsText() throws Exception {
		assertThat(HistoryValues.json("{not json").json()).isEqualTo("\"{not json\"");
		assertThat(HistoryValues.json("{\"job_info\": {\"job_id\": \"7\"}}").json())
			.isEqualTo("{\"job_info\":{\"job_id\":\"7\"}}");
	}

	@Test
	void readsTimestampsInTheShapesDriversHandOut() throws Exception {
		Instant expected = Instant.parse("2026-03-01T15:30:00Z");
		assertThat(HistoryValues.convert(HistoryColumn.Type.TIMESTAMP, Timestamp.from(expected))).isEqualTo(expected);
		assertThat(HistoryValues.convert(HistoryColumn.Type.TIMESTAMP,
				OffsetDateTime.of(2026, 3, 2, 0, 30, 0, 0, ZoneOffset.ofHours(9)))).isEqualTo(expected);
		assertThat(HistoryValues.convert(HistoryColumn.Type.TIMESTAMP, LocalDateTime.of(2026, 3, 1, 15, 30)))
			.isEqualTo(expected);
		assertThat(HistoryValues.convert(HistoryColumn.Type.TIMESTAMP, "2026-03-01 15:30:00")).isEqualTo(expected);
		assertThat(HistoryValues.convert(HistoryColumn.Type.TIMESTAMP, "yesterday")).isNull();
	}

	@Test
	void toleratesValuesOfTheWrongType() throws Exception {
		assertThat(HistoryValues.convert(HistoryColumn.Type.BIGINT, "12")).isEqualTo(12L);
		assertThat(HistoryValues.convert(HistoryColumn.Type.BIGINT, "twelve")).isNull();
		assertThat(HistoryValues.convert(HistoryColumn.Type.BOOLEAN, "true")).isEqualTo(true);
		assertThat(HistoryValues.convert(HistoryColumn.Type.TEXT, 42)).isEqualTo("42");
	}

	@Test
	void namesDriverStructFieldsFromTheTypeName() throws Exception {
		Struct jobInfo = struct("STRUCT<job_id:STRING,job_run_id:STRING>", "77", "1");
		Struct source = struct("STRUCT<job_info:STRUCT<job_id:STRING,job_run_id:STRING>,dashboard_id:STRING>", jobInfo,
				null);
		assertThat(HistoryValues.json(source).json())
			.isEqualTo("{\"job_info\":{\"job_id\":\"77\",\"job_run_id\":\"1\"},\"dashboard_id\":null}");
		assertThat(HistoryValues.json(Map.of("k", "v")).json()).isEqualTo("{\"k\":\"v\"}");
	}

	private static Struct struct(String type, Object... attributes) {
		return new Struct() {
			@Override
			public String getSQLTypeName() {
				return type;
			}

			@Override
			public Object[] getAttributes() {
				return attributes;
			}

			@Override
			public Object[] getAttributes(Map<String, Class<?>> map) {
				return attributes;
			}
		};
	}

}
