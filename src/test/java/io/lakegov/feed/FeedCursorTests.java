package io.lakegov.feed;

import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.Base64;

import io.lakegov.usage.DateRange;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class FeedCursorTests {

	static final DateRange WINDOW = new DateRange(LocalDate.parse("2026-01-01"), LocalDate.parse("2026-12-31"));

	@Test
	void readsBackThePositionItWasMadeOf() {
		var position = new FeedPosition(LocalDate.parse("2026-03-02"), "main.sales.orders");
		String cursor = FeedCursor.encode(WINDOW, position);
		assertThat(cursor).matches(FeedCursor.PATTERN).hasSizeLessThan(FeedCursor.MAX_LENGTH);
		assertThat(FeedCursor.decode(cursor, WINDOW)).isEqualTo(position);
	}

	@Test
	void keepsTableNamesWithAnyCharacter() {
		var position = new FeedPosition(LocalDate.parse("2026-03-02"), "main.`we\nird`.täble|1");
		assertThat(FeedCursor.decode(FeedCursor.encode(WINDOW, position), WINDOW)).isEqualTo(position);
	}

	@Test
	void refusesACursorWhosePositionWasChanged() {
		String cursor = FeedCursor.encode(WINDOW, new FeedPosition(LocalDate.parse("2026-03-02"), "main.sales.orders"));
		String text = new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.UTF_8);
		String moved = Base64.getUrlEncoder()
			.withoutPadding()
			.encodeToString(text.replace("main.sales.orders", "main.sales.other").getBytes(StandardCharsets.UTF_8));
		assertThatIllegalArgumentException().isThrownBy(() -> FeedCursor.decode(moved, WINDOW)).withMessageContaining("altered");
	}

	@Test
	void refusesAMadeUpCursorWhoseTableNoStoreCanHold() {
		String cursor = FeedCursor.encode(WINDOW, new FeedPosition(LocalDate.parse("2026-03-02"), "main.sales.\0orders"));
		assertThatIllegalArgumentException().isThrownBy(() -> FeedCursor.decode(cursor, WINDOW))
			.withMessageContaining("not a cursor this feed gave out");
	}

	@Test
	void refusesACursorOfAnotherWindow() {
		String cursor = FeedCursor.encode(WINDOW, new FeedPosition(LocalDate.parse("2026-03-02"), "main.sales.orders"));
		var other = new DateRange(LocalDate.parse("2026-01-02"), LocalDate.parse("2026-12-31"));
		assertThatIllegalArgumentException().isThrownBy(() -> FeedCursor.decode(cursor, other))
			.withMessageContaining("window 2026-01-01 to 2026-12-31");
	}

	@Test
	void tellsTheWindowItBelongsTo() {
		String cursor = FeedCursor.encode(WINDOW, new FeedPosition(LocalDate.parse("2026-03-02"), "main.sales.orders"));
		assertThat(FeedCursor.window(cursor)).isEqualTo(WINDOW);
		assertThatIllegalArgumentException().isThrownBy(() -> FeedCursor.window("bm90IGEgY3Vyc29y"));
	}

	@Test
	void refusesWhatItNeverGaveOut() {
		for (String cursor : new String[] { "", "not a cursor", "bm90IGEgY3Vyc29y", "A".repeat(FeedCursor.MAX_LENGTH + 1),
				Base64.getUrlEncoder().withoutPadding().encodeToString(new byte[] { (byte) 0xff, (byte) 0xfe, 0x41 }),
				Base64.getUrlEncoder().withoutPadding().encodeToString("2\n2026-01-01\n2026-12-31\n2026-03-02\nx\nt".getBytes(
						StandardCharsets.UTF_8)) }) {
			assertThatIllegalArgumentException().as(cursor).isThrownBy(() -> FeedCursor.decode(cursor, WINDOW));
		}
	}

}
