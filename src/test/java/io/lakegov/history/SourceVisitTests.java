package io.lakegov.history;

import java.sql.SQLException;
import java.time.Duration;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.jdbc.BadSqlGrammarException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

import static org.assertj.core.api.Assertions.assertThat;

/** The request's bound and how a visit gives up, without a database: the reads here never touch one. */
class SourceVisitTests {

	final JdbcClient unused = JdbcClient.create(new DriverManagerDataSource());

	final ThreadPoolExecutor readers = new ThreadPoolExecutor(1, 1, 1, TimeUnit.SECONDS, new ArrayBlockingQueue<>(1));

	final CountDownLatch release = new CountDownLatch(1);

	@AfterEach
	void stopReaders() {
		release.countDown();
		readers.shutdownNow();
	}

	@Test
	void givesTheValueTheSourceAnswers() {
		SourceAnswer<String> answer = new SourceVisit(unused, readers, Duration.ofSeconds(5)).read("x", jdbc -> "42");

		assertThat(answer).isEqualTo(new SourceAnswer.Answered<>("42"));
	}

	@Test
	void stopsWaitingAtTheBoundAndAsksNothingMoreInTheSameRequest() {
		SourceVisit visit = new SourceVisit(unused, readers, Duration.ofMillis(200));
		AtomicInteger asked = new AtomicInteger();
		long started = System.nanoTime();

		SourceAnswer<String> first = visit.read("the table inventory t", jdbc -> hang(asked));
		SourceAnswer<String> second = visit.read("SHOW TBLPROPERTIES of c.s.t", jdbc -> hang(asked));

		assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(2));
		assertThat(first.orElse("none")).isEqualTo("none");
		SourceGap gap = ((SourceAnswer.Unanswered<String>) first).gap();
		assertThat(gap.kind()).isEqualTo(SourceGap.Kind.TIMED_OUT);
		assertThat(gap.reason()).isEqualTo("the source did not answer within 200ms (lakegov.source.request-timeout) for "
				+ "the table inventory t");
		assertThat(second).isEqualTo(first);
		assertThat(visit.down()).isEqualTo(gap);
		assertThat(asked.get()).isEqualTo(1);
	}

	@Test
	void keepsAskingAfterAReadTheSourceRefused() {
		SourceVisit visit = new SourceVisit(unused, readers, Duration.ofSeconds(5));

		SourceAnswer<String> refused = visit.read("SHOW TBLPROPERTIES of c.s.gone", jdbc -> {
			throw new BadSqlGrammarException("reading", "SHOW TBLPROPERTIES", new SQLException("no such table", "42P01"));
		});
		SourceAnswer<String> next = visit.read("SHOW TBLPROPERTIES of c.s.t", jdbc -> "answered");

		assertThat(((SourceAnswer.Unanswered<String>) refused).gap().kind()).isEqualTo(SourceGap.Kind.MISSING_TABLE);
		assertThat(visit.down()).isNull();
		assertThat(next.orElse("none")).isEqualTo("answered");
	}

	@Test
	void asksNothingWhenEarlierRequestsStillOccupyEveryReader() {
		// two requests that gave up on a source that never answers: one read hangs, one waits in the queue
		new SourceVisit(unused, readers, Duration.ofMillis(50)).read("a", jdbc -> hang(new AtomicInteger()));
		readers.submit(() -> hang(new AtomicInteger()));
		SourceVisit visit = new SourceVisit(unused, readers, Duration.ofSeconds(5));

		SourceAnswer<String> answer = visit.read("the table inventory t", jdbc -> "answered");

		SourceGap gap = ((SourceAnswer.Unanswered<String>) answer).gap();
		assertThat(gap.kind()).isEqualTo(SourceGap.Kind.UNREACHABLE);
		assertThat(gap.reason()).isEqualTo("the source has not answered earlier requests yet, so nothing was asked for "
				+ "the table inventory t");
	}

	private String hang(AtomicInteger asked) {
		asked.incrementAndGet();
		// a driver blocked on a socket does not heed interrupts
		while (release.getCount() > 0) {
			try {
				release.await();
			}
			catch (InterruptedException ignored) {
				// keep hanging, as the socket would
			}
		}
		return "late";
	}

}
