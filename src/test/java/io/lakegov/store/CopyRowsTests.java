package io.lakegov.store;

import java.time.Instant;
import java.time.LocalDate;

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

}
