package io.lakegov.views;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import io.lakegov.views.ViewTimeline.Event;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ViewGraphTests {

	static final LocalDate FROM = LocalDate.parse("2026-03-01");

	static final LocalDate TO = LocalDate.parse("2026-03-31");

	@Test
	void followsViewsOfViewsToTheDepthBoundAndSaysWhereItStopped() {
		List<Event> events = new ArrayList<>();
		String previous = "c.s.t";
		for (int i = 1; i <= ViewGraph.MAX_DEPTH + 2; i++) {
			events.add(Event.defined("c.s.v" + i, at("2026-02-01T00:00:00Z"), i, "VIEW", Set.of(previous), "HISTORY"));
			previous = "c.s.v" + i;
		}
		ViewReaches reaches = graph(events).reach("c.s.t", FROM, TO);
		assertThat(reaches.reaches()).hasSize(ViewGraph.MAX_DEPTH);
		assertThat(reaches.reaches().get(ViewGraph.MAX_DEPTH - 1).depth()).isEqualTo(ViewGraph.MAX_DEPTH);
		assertThat(reaches.limits().cutAtDepth()).singleElement().asString().endsWith(" ← c.s.v11");
	}

	@Test
	void aViewReplacedOnADayReadsItsNewTablesFromThatDayAndADroppedOneStopsOnTheDayItWasDropped() {
		ViewGraph graph = graph(List.of(
				Event.defined("c.s.v", at("2026-03-05T10:00:00Z"), 1, "VIEW", Set.of("c.s.a"), "HISTORY"),
				Event.defined("c.s.v", at("2026-03-10T10:00:00Z"), 2, null, Set.of("c.s.b"), "HISTORY"),
				Event.dropped("c.s.v", at("2026-03-20T10:00:00Z"), 3, "HISTORY")));
		ViewReach onA = graph.reach("c.s.a", FROM, TO).reaches().get(0);
		assertThat(List.of(onA.from(), onA.to())).containsExactly(LocalDate.parse("2026-03-05"), LocalDate.parse("2026-03-09"));
		ViewReach onB = graph.reach("c.s.b", FROM, TO).reaches().get(0);
		assertThat(List.of(onB.from(), onB.to())).containsExactly(LocalDate.parse("2026-03-10"), LocalDate.parse("2026-03-20"));
		assertThat(onB.kind()).as("a replacement keeps the kind").isEqualTo("VIEW");
	}

	@Test
	void theHistorysStatementWinsOverAnInventoryRowAtTheSameInstant() {
		Instant at = at("2026-03-05T10:00:00Z");
		ViewGraph graph = graph(List.of(Event.defined("c.s.v", at, 5, "VIEW", Set.of("c.s.new"), "HISTORY"),
				Event.defined("c.s.v", at, 0, "VIEW", Set.of("c.s.old"), "INVENTORY")));
		assertThat(graph.reach("c.s.old", FROM, TO).isEmpty()).isTrue();
		assertThat(graph.reach("c.s.new", FROM, TO).reaches()).hasSize(1);
	}

	@Test
	void segmentsCountAViewOnceWhereTwoOfItsPathsOverlap() {
		ViewGraph graph = graph(List.of(
				Event.defined("c.s.a", at("2026-03-01T00:00:00Z"), 1, "VIEW", Set.of("c.s.t"), "HISTORY"),
				Event.defined("c.s.b", at("2026-03-01T00:00:00Z"), 2, "VIEW", Set.of("c.s.t"), "HISTORY"),
				Event.defined("c.s.top", at("2026-03-01T00:00:00Z"), 3, "VIEW", Set.of("c.s.a", "c.s.b"), "HISTORY"),
				Event.dropped("c.s.b", at("2026-03-15T12:00:00Z"), 4, "HISTORY")));
		List<ReachSegment> top = graph.reach("c.s.t", FROM, TO).segments().stream()
			.filter(segment -> segment.view().equals("c.s.top"))
			.toList();
		assertThat(top).extracting(segment -> segment.from() + ".." + segment.to() + " " + segment.paths().size())
			.containsExactly("2026-03-01..2026-03-15 2", "2026-03-16..2026-03-31 1");
	}

	@Test
	void aRenamedViewContinuesUnderItsNewNameAndIfNotExistsDefinesOnlyAnAbsentView() {
		ViewGraph graph = graph(List.of(
				Event.defined("c.s.v", at("2026-03-02T10:00:00Z"), 1, "MATERIALIZED_VIEW", Set.of("c.s.t"), "HISTORY"),
				Event.defined("c.s.v", at("2026-03-03T10:00:00Z"), 2, "VIEW", Set.of("c.s.u"), "HISTORY").onlyIfAbsent(),
				Event.renamed("c.s.v", "c.s.w", at("2026-03-10T10:00:00Z"), 3, "HISTORY"),
				Event.defined("c.s.v", at("2026-03-12T10:00:00Z"), 4, "VIEW", Set.of("c.s.u"), "HISTORY").onlyIfAbsent()));
		assertThat(graph.reach("c.s.t", FROM, TO).reaches())
			.extracting(reach -> reach.view() + " " + reach.kind() + " " + reach.from() + ".." + reach.to())
			.containsExactly("c.s.v MATERIALIZED_VIEW 2026-03-02..2026-03-10", "c.s.w MATERIALIZED_VIEW 2026-03-10..2026-03-31");
		assertThat(graph.reach("c.s.u", FROM, TO).reaches())
			.extracting(reach -> reach.view() + " " + reach.from() + ".." + reach.to())
			.as("absent again after the rename")
			.containsExactly("c.s.v 2026-03-12..2026-03-31");
	}

	@Test
	void theCurrentViewsOnATableAreThoseNotReplacedDroppedOrRenamedSinceUnderTheirCurrentName() {
		ViewDefinition made = ViewDefinition.statement(at("2026-03-01T00:00:00Z"), "default", "s1");
		ViewGraph graph = graph(List.of(
				Event.defined("c.s.gone", at("2026-03-01T00:00:00Z"), 1, "VIEW", Set.of("c.s.t"), "HISTORY"),
				Event.dropped("c.s.gone", at("2026-03-02T00:00:00Z"), 2, "HISTORY"),
				Event.defined("c.s.old", at("2026-03-01T00:00:00Z"), 3, "VIEW", Set.of("c.s.t"), "HISTORY").by(made),
				Event.renamed("c.s.old", "c.s.new", at("2026-03-03T00:00:00Z"), 4, "HISTORY"),
				Event.defined("c.s.moved", at("2026-03-01T00:00:00Z"), 5, "VIEW", Set.of("c.s.t"), "HISTORY"),
				Event.defined("c.s.moved", at("2026-03-04T00:00:00Z"), 6, "VIEW", Set.of("c.s.u"), "HISTORY"),
				Event.defined("c.s.inv", at("2026-03-05T00:00:00Z"), 0, "METRIC_VIEW", Set.of("c.s.t"), "INVENTORY")));
		assertThat(graph.current("c.s.t"))
			.extracting(version -> version.view() + " " + version.kind() + " " + version.from() + " "
					+ (version.definition() == null ? "-" : version.definition().statementId()))
			.containsExactlyInAnyOrder("c.s.new VIEW 2026-03-03T00:00:00Z s1", "c.s.inv METRIC_VIEW 2026-03-05T00:00:00Z -");
	}

	private static ViewGraph graph(List<Event> events) {
		return new ViewGraph(ViewTimeline.versions(events), ZoneOffset.UTC);
	}

	private static Instant at(String instant) {
		return Instant.parse(instant);
	}

}
