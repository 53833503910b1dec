package io.lakegov.usage;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.springframework.transaction.support.TransactionTemplate;

/**
 * Builds usage facts for tests and loads them the way ingestion does, through
 * {@link UsageFactRepository#replace}, so the rollups are the real ones.
 */
public final class UsageFixtures {

	private final UsageFactRepository repository;

	private final TransactionTemplate tx;

	private final ZoneId zone;

	private final List<UsageFact> facts = new ArrayList<>();

	private UsageFixtures(UsageFactRepository repository, TransactionTemplate tx, ZoneId zone) {
		this.repository = repository;
		this.tx = tx;
		this.zone = zone;
	}

	public static UsageFixtures facts(UsageFactRepository repository, TransactionTemplate tx, ZoneId zone) {
		return new UsageFixtures(repository, tx, zone);
	}

	/** A unique name prefix, so fixtures of different tests never collide in a shared database. */
	public static String unique(String stem) {
		return stem + Long.toString(System.nanoTime(), 36);
	}

	/** A statement: who ran it, when, through what, and the tables it read and wrote. */
	public Statement statement(String id, String user, Instant at) {
		return new Statement(id, user, at);
	}

	public void load() {
		Set<String> ids = new LinkedHashSet<>();
		facts.forEach(fact -> ids.add(fact.statementId()));
		tx.executeWithoutResult(status -> repository.replace("default", ids, facts));
		facts.clear();
	}

	/** One statement under construction. */
	public final class Statement {

		private final String id;

		private final String user;

		private final Instant at;

		private String kind = "SELECT";

		private String sourceKind = "ADHOC";

		private String sourceId = "";

		private Statement(String id, String user, Instant at) {
			this.id = id;
			this.user = user;
			this.at = at;
		}

		public Statement kind(String statementKind) {
			this.kind = statementKind;
			return this;
		}

		public Statement through(String kind, String id) {
			this.sourceKind = kind;
			this.sourceId = id;
			return this;
		}

		public Statement reads(String table) {
			return access(table, "READ", null);
		}

		public Statement timeTravels(String table) {
			return access(table, "READ", "VERSION");
		}

		public Statement writes(String table) {
			return access(table, "WRITE", null);
		}

		private Statement access(String table, String role, String timeTravel) {
			int no = (int) facts.stream().filter(fact -> fact.statementId().equals(id)).count();
			LocalDate day = LocalDate.ofInstant(at, zone);
			facts.add(new UsageFact(id, no, table, table, true, role, kind, timeTravel, timeTravel == null ? null : "3",
					timeTravel == null ? null : "AS_OF", user, at, day, sourceKind, sourceId, "FINISHED"));
			return this;
		}

		public UsageFixtures done() {
			return UsageFixtures.this;
		}

	}

}
