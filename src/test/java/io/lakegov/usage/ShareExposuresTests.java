package io.lakegov.usage;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ShareExposuresTests {

	static final Instant T0 = Instant.parse("2026-03-01T10:00:00Z");

	final List<ShareEvent> events = new ArrayList<>();

	@Test
	void anAddOpensAPeriodAndARemoveClosesIt() {
		table("ADD", "s", "c.s.t", "ann", "x.t", true);
		table("REMOVE", "s", "c.s.t", "bob", null, null);
		table("ADD", "s", "c.s.t", "cid", null, null);

		assertThat(fold()).containsExactly("c.s.t in s as x.t history true ADD ann .. REMOVE bob",
				"c.s.t in s as null history null ADD cid .. now");
	}

	@Test
	void anUpdateChangesTheOpenPeriodOrShowsATableSharedBeforeTheHistory() {
		table("ADD", "s", "c.s.t", "ann", "x.t", null);
		table("UPDATE", "s", "c.s.t", "bob", null, false);
		table("UPDATE", "s", "c.s.u", "bob", "x.u", true);

		assertThat(fold()).containsExactly("c.s.t in s as x.t history false ADD ann .. now",
				"c.s.u in s as x.u history true UPDATE bob .. now");
	}

	@Test
	void droppingAShareEndsItsPeriodsAndRenamingCarriesThemOver() {
		table("ADD", "a", "c.s.t", "ann", null, true);
		table("ADD", "b", "c.s.t", "ann", null, null);
		share("RENAME", "a", "a2", "bob");
		share("DROP", "b", null, "cid");
		table("REMOVE", "b", "c.s.t", "dee", null, null);

		assertThat(fold()).containsExactly("c.s.t in a as null history true ADD ann .. RENAME bob",
				"c.s.t in b as null history null ADD ann .. DROP cid",
				"c.s.t in a2 as null history true RENAME bob .. now");
	}

	@Test
	void statementsThatDidNotFinishChangeNothing() {
		events.add(new ShareEvent("x", 0, "ADD", "s", "c.s.t", null, null, null, "ann", T0, "FAILED"));
		table("REMOVE", "s", "c.s.u", "ann", null, null);
		assertThat(fold()).isEmpty();
	}

	private void table(String action, String share, String table, String user, String alias, Boolean history) {
		events.add(new ShareEvent("st" + events.size(), 0, action, share, table, alias, history, null, user,
				T0.plusSeconds(events.size()), "FINISHED"));
	}

	private void share(String action, String share, String renamedTo, String user) {
		events.add(new ShareEvent("st" + events.size(), 0, action, share, null, null, null, renamedTo, user,
				T0.plusSeconds(events.size()), null));
	}

	private List<String> fold() {
		return ShareExposures.fold(events).stream()
			.map(e -> e.table() + " in " + e.share() + " as " + e.alias() + " history " + e.withHistory() + " "
					+ e.openedBy() + " " + e.addedBy() + " .. " + (e.current() ? "now" : e.closedBy() + " " + e.removedBy()))
			.toList();
	}

}
