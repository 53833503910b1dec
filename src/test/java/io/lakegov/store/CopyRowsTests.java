package io.lakegov.store;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class CopyRowsTests {

	@Test
	void separatesValuesWithTabsAndEndsRowsWithNewlines() {
		CopyRows.Text text = new CopyRows.Text(2);
		text.value("a").value(1).value(true).endRow();
		text.value(Instant.parse("2026-03-01T10:00:00Z")).value(LocalDate.of(2026, 3, 1)).endRow();
		assertThat(text).hasToString("a\t1\ttrue\n2026-03-01T10:00:00Z\t2026-03-01\n");
	}

	@Test
	void writesNullAsBackslashN() {
		assertThat(new CopyRows.Text(1).value(null).value("x").endRow()).hasToString("\\N\tx\n");
	}

	@Test
	void escapesTheCharactersThatCopySeparatesOn() {
		assertThat(new CopyRows.Text(1).value("a\tb\nc\rd\\e\\N").endRow())
			.hasToString("a\\tb\\nc\\rd\\\\e\\\\N\n");
	}

	@Test
	void appendsValuesEncodedAhead() {
		String ahead = new CopyRows.Text(1).value("x\ty").value(null).toString();
		assertThat(new CopyRows.Text(1).encoded(ahead).value("z").endRow()).hasToString("x\\ty\t\\N\tz\n");
		assertThat(new CopyRows.Text(1).value("w").encoded(ahead).endRow()).hasToString("w\tx\\ty\t\\N\n");
	}

	@Test
	void splitsLongRowsIntoChunksOfWholeRowsInUtf8() {
		CopyRows.Text text = new CopyRows.Text(5000);
		StringBuilder expected = new StringBuilder();
		for (int i = 0; i < 5000; i++) {
			String value = "row " + i + " \u65e5\u672c \ud83d\ude00 " + "x".repeat(i % 50);
			text.value(value).value(i).endRow();
			expected.append(value).append('\t').append(i).append('\n');
		}
		List<byte[]> chunks = text.utf8();
		assertThat(chunks).hasSizeGreaterThan(2);
		ByteArrayOutputStream all = new ByteArrayOutputStream();
		chunks.forEach(chunk -> {
			assertThat(chunk[chunk.length - 1]).as("a chunk ends with a whole row").isEqualTo((byte) '\n');
			all.writeBytes(chunk);
		});
		assertThat(all.toString(StandardCharsets.UTF_8)).isEqualTo(expected.toString());
		assertThat(text).hasToString(expected.toString());
	}

}
