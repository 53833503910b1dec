package io.lakegov.catalog;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;

import javax.sql.DataSource;

import io.lakegov.history.SourceDatabase;
import io.lakegov.pages.PageSession;
import io.lakegov.support.IntegrationTest;
import io.lakegov.support.TestApi;
import io.lakegov.usage.UsageFactRepository;
import io.lakegov.usage.UsageFixtures;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The inventory sync against the local warehouse's {@code lakehouse.tables}, which the test defaults
 * put in the store database itself.
 */
@IntegrationTest
class CatalogSyncIntegrationTests {

	@LocalServerPort
	int port;

	@Autowired
	CatalogSync sync;

	@Autowired
	JdbcClient jdbc;

	@Autowired
	DataSource dataSource;

	@Autowired
	UsageFactRepository repository;

	@Autowired
	TransactionTemplate tx;

	@Test
	void keepsDroppedTablesAndRecordsRenamesBySamePath() throws Exception {
		String c = UsageFixtures.unique("cat");
		addSourceTable(c, "keep", "s3://lake/" + c + "/keep");
		addSourceTable(c, "dropme", "s3://lake/" + c + "/dropme");
		addSourceTable(c, "old_name", "s3://lake/" + c + "/moved");
		sync.sync();
		jdbc.sql("DELETE FROM lakehouse.tables WHERE table_catalog = :c AND table_name IN ('dropme', 'old_name')")
			.param("c", c)
			.update();
		addSourceTable(c, "new_name", "s3://lake/" + c + "/moved");
		CatalogSyncResult result = sync.sync();
		assertThat(result.renamed()).isEqualTo(1);

		JsonNode dropped = impact(c + ".s.dropme").get("inventory");
		assertThat(dropped.get("present").asBoolean()).isFalse();
		assertThat(dropped.get("vanishedAt")).isNotNull();
		assertThat(dropped.path("renamedTo").isNull()).as("a dropped table was not renamed").isTrue();
		JsonNode renamed = impact(c + ".s.old_name").get("inventory");
		assertThat(renamed.get("renamedTo").asString()).isEqualTo(c + ".s.new_name");
		JsonNode current = impact(c + ".s.new_name").get("inventory");
		assertThat(current.get("present").asBoolean()).isTrue();
		assertThat(current.get("renamedFrom").asString()).isEqualTo(c + ".s.old_name");
		assertThat(jdbc.sql("SELECT count(*) FROM table_inventory WHERE table_catalog = :c").param("c", c)
			.query(Long.class).single()).isEqualTo(4);

		sync.sync();
		assertThat(jdbc.sql("SELECT count(*) FROM table_inventory WHERE table_catalog = :c").param("c", c)
			.query(Long.class).single()).as("a sync without changes adds no rows").isEqualTo(4);

		JsonNode changes = get("/api/v1/catalog/changes?size=1000").get("changes");
		List<String> mine = changes.get("items").valueStream()
			.filter(item -> item.get("table").asString().startsWith(c + "."))
			.map(item -> item.get("change").asString() + " " + item.get("table").asString()
					+ (item.get("renamedFrom").isNull() ? "" : " from " + item.get("renamedFrom").asString()))
			.toList();
		assertThat(mine).contains("VANISHED " + c + ".s.dropme", "RENAMED " + c + ".s.new_name from " + c + ".s.old_name")
			.doesNotContain("VANISHED " + c + ".s.old_name", "VANISHED " + c + ".s.keep");
		List<String> vanished = get("/api/v1/catalog/changes?change=VANISHED&size=1000").get("changes").get("items")
			.valueStream()
			.map(item -> item.get("change").asString())
			.distinct()
			.toList();
		assertThat(vanished).containsExactly("VANISHED");
		assertThat(TestApi.withKey(port).get().uri("/api/v1/catalog/changes?change=dropped").retrieve()
			.toBodilessEntity().getStatusCode().value()).isEqualTo(400);

		PageSession session = new PageSession(port).signIn(IntegrationTest.VIEWER_KEY);
		String page = session.get("/changes?size=1000").body();
		assertThat(page).contains("Changes in the lakehouse", "href=\"/tables/" + c + ".s.dropme\"",
				"renamed from <a href=\"/tables/" + c + ".s.old_name\">");
		String onlyVanished = session.get("/changes?change=VANISHED&size=1000").body();
		assertThat(onlyVanished).contains(c + ".s.dropme").doesNotContain("renamed from")
			.contains("aria-current=\"true\">vanished", "href=\"/changes?size=1000\">every change");
		assertThat(session.get("/changes?change=gone").statusCode()).isEqualTo(400);
	}

	@Test
	void readsASourceWithoutOptionalColumns() {
		String c = UsageFixtures.unique("min");
		jdbc.sql("CREATE TABLE lakehouse." + c + " (table_catalog text, table_schema text, table_name text)").update();
		jdbc.sql("INSERT INTO lakehouse." + c + " VALUES ('" + c + "', 's', 't')").update();
		var source = new SourceDatabase(dataSource, "query.history", "lakehouse." + c, true, "test");
		List<SourceTable> tables = SourceInventoryReader.read(source);
		assertThat(tables).extracting(SourceTable::fullName).containsExactly(c + ".s.t");
		assertThat(tables.get(0).storagePath()).isNull();
	}

	@Test
	void listsUnusedTablesOldestAccessFirstAndFlagsWrittenOnes() {
		String c = UsageFixtures.unique("unu");
		for (String name : List.of("never", "written", "read_long_ago", "read_recently")) {
			addSourceTable(c, name, null);
		}
		sync.sync();
		Instant now = Instant.now();
		UsageFixtures.facts(repository, tx, ZoneOffset.UTC)
			.statement(c + "-1", "etl", now.minus(2, ChronoUnit.DAYS)).kind("INSERT").writes(c + ".s.written").done()
			.statement(c + "-2", "ann", now.minus(400, ChronoUnit.DAYS)).reads(c + ".s.read_long_ago").done()
			.statement(c + "-3", "ann", now.minus(1, ChronoUnit.DAYS)).reads(c + ".s.read_recently").done()
			.load();
		JsonNode unused = get("/api/v1/tables/unused?days=90&size=1000").get("tables");
		List<String> mine = unused.get("items").valueStream()
			.map(item -> item.get("table").asString())
			.filter(name -> name.startsWith(c + "."))
			.toList();
		assertThat(mine).containsExactly(c + ".s.never", c + ".s.read_long_ago", c + ".s.written");
		JsonNode written = unused.get("items").valueStream()
			.filter(item -> item.get("table").asString().equals(c + ".s.written"))
			.findFirst()
			.orElseThrow();
		assertThat(written.get("writtenInWindow").asBoolean()).isTrue();

		JsonNode tables = get("/api/v1/tables?prefix=" + c.toUpperCase() + ".S.&size=2");
		assertThat(tables.get("totalItems").asLong()).isEqualTo(4);
		assertThat(tables.get("totalPages").asLong()).isEqualTo(2);
		assertThat(tables.get("items").get(0).get("table").asString()).isEqualTo(c + ".s.never");
		assertThat(tables.get("items").get(0).get("inInventory").asBoolean()).isTrue();
		JsonNode second = get("/api/v1/tables?prefix=" + c + ".s.&size=2&page=1").get("items");
		assertThat(second.get(1).get("table").asString()).isEqualTo(c + ".s.written");
		assertThat(second.get(1).get("lastWrite")).isNotNull();
	}

	@Test
	void aTableWhoseNameWithoutCatalogOrSchemaWasReadIsPossiblyReadAndNotUnused() throws Exception {
		String c = UsageFixtures.unique("unq");
		String schemaOnly = c + "_s";
		String bare = c + "_b";
		String lonely = c + "_l";
		for (String name : List.of(schemaOnly, bare, lonely)) {
			addSourceTable(c, name, null);
		}
		sync.sync();
		Instant now = Instant.now();
		// no USE said the catalog, no engine lineage completed the names: the facts keep them as written
		UsageFixtures.facts(repository, tx, ZoneOffset.UTC)
			.statement(c + "-1", "ann", now.minus(2, ChronoUnit.DAYS)).reads("s." + schemaOnly).done()
			.statement(c + "-2", "bob", now.minus(1, ChronoUnit.DAYS)).reads(bare).done()
			.statement(c + "-3", "bob", now.minus(1, ChronoUnit.DAYS).plusSeconds(5)).reads("s." + schemaOnly).done()
			.load();

		List<String> mine = get("/api/v1/tables/unused?days=90&size=1000").get("tables").get("items").valueStream()
			.map(item -> item.get("table").asString())
			.filter(name -> name.startsWith(c + "."))
			.toList();
		assertThat(mine).as("a table that may have been read under a shorter name is no unused table")
			.containsExactly(c + ".s." + lonely);

		JsonNode impact = get("/api/v1/tables/" + c + ".s." + schemaOnly + "/impact");
		assertThat(impact.get("verdict").asString()).isEqualTo("POSSIBLY_READ");
		assertThat(impact.get("evidence").get("reads").asLong()).isZero();
		assertThat(impact.get("evidence").get("unqualifiedReads").asLong()).isEqualTo(2);
		assertThat(impact.get("unqualifiedNames").get(0).get("table").asString()).isEqualTo("s." + schemaOnly);
		assertThat(impact.get("unqualifiedReaders").valueStream().map(user -> user.get("user").asString()).toList())
			.containsExactly("ann", "bob");
		assertThat(get("/api/v1/tables/" + c + ".s." + bare + "/impact").get("verdict").asString())
			.isEqualTo("POSSIBLY_READ");
		assertThat(get("/api/v1/tables/" + c + ".s." + lonely + "/impact").get("verdict").asString()).isEqualTo("UNUSED");
		assertThat(get("/api/v1/tables/" + c + "_other.s." + bare + "/impact").get("verdict").asString())
			.as("a table never seen whose name without catalog was read")
			.isEqualTo("POSSIBLY_READ");

		String page = new PageSession(port).signIn(IntegrationTest.VIEWER_KEY).get("/tables/" + c + ".s." + schemaOnly)
			.body();
		assertThat(page).contains("Maybe read under a shorter name", "id=\"unqualified\"", "<code>s." + schemaOnly + "</code>",
				">ann</a>", ">bob</a>");
	}

	@Test
	void aTableReadOnlyThroughAViewIsNotUnused() {
		String c = UsageFixtures.unique("unv");
		for (String name : List.of("base", "deep_base", "old_view_base", "alone")) {
			addSourceTable(c, name, null);
		}
		sync.sync();
		Instant now = Instant.now();
		UsageFixtures.facts(repository, tx, ZoneOffset.UTC)
			.statement(c + "-1", "dev", now.minus(200, ChronoUnit.DAYS)).kind("CREATE_VIEW").reads(c + ".s.base")
			.writes(c + ".s.gold").done()
			.statement(c + "-2", "dev", now.minus(200, ChronoUnit.DAYS).plusSeconds(60)).kind("CREATE_VIEW")
			.reads(c + ".s.deep_base").writes(c + ".s.inner").done()
			.statement(c + "-3", "dev", now.minus(200, ChronoUnit.DAYS).plusSeconds(120)).kind("CREATE_VIEW")
			.reads(c + ".s.inner").writes(c + ".s.outer").done()
			.statement(c + "-4", "dev", now.minus(200, ChronoUnit.DAYS).plusSeconds(180)).kind("CREATE_VIEW")
			.reads(c + ".s.old_view_base").writes(c + ".s.stale").done()
			.statement(c + "-5", "ann", now.minus(3, ChronoUnit.DAYS)).through("DASHBOARD", "d1").reads(c + ".s.gold").done()
			.statement(c + "-6", "bob", now.minus(2, ChronoUnit.DAYS)).reads(c + ".s.outer").done()
			.statement(c + "-7", "bob", now.minus(150, ChronoUnit.DAYS)).reads(c + ".s.stale").done()
			.load();

		List<String> mine = get("/api/v1/tables/unused?days=90&size=1000").get("tables").get("items").valueStream()
			.map(item -> item.get("table").asString())
			.filter(name -> name.startsWith(c + "."))
			.toList();
		assertThat(mine).as("read through a view, directly or through a view on a view, in the window: not unused")
			.doesNotContain(c + ".s.base", c + ".s.deep_base")
			.containsExactlyInAnyOrder(c + ".s.alone", c + ".s.old_view_base");
		List<String> longer = get("/api/v1/tables/unused?days=365&size=1000").get("tables").get("items").valueStream()
			.map(item -> item.get("table").asString())
			.filter(name -> name.startsWith(c + "."))
			.toList();
		assertThat(longer).as("the old view's read falls in a year's window").containsExactly(c + ".s.alone");
	}

	@Test
	void aTableLakegovNeverSawThatAViewReadsIsReportedWithTheViewsReaders() {
		String c = UsageFixtures.unique("hid");
		jdbc.sql("""
				INSERT INTO lakehouse.tables (table_catalog, table_schema, table_name, table_type, created, last_altered)
				VALUES (:catalog, 's', 'v', 'VIEW', now() - interval '400 days', now() - interval '400 days')""")
			.param("catalog", c)
			.update();
		jdbc.sql("INSERT INTO lakehouse.views (table_catalog, table_schema, table_name, view_definition) "
				+ "VALUES (:catalog, 's', 'v', :definition)")
			.param("catalog", c)
			.param("definition", "SELECT id FROM " + c + ".s.hidden")
			.update();
		sync.sync();
		UsageFixtures.facts(repository, tx, ZoneOffset.UTC)
			.statement(c + "-1", "ann", Instant.now().minus(2, ChronoUnit.DAYS)).through("DASHBOARD", "d1")
			.reads(c + ".s.v").done()
			.load();

		JsonNode impact = get("/api/v1/tables/" + c + ".s.hidden/impact");

		assertThat(impact.get("seen").asBoolean()).as("neither read directly nor listed").isFalse();
		assertThat(impact.get("verdict").asString()).isEqualTo("ACTIVE");
		assertThat(impact.get("views").get(0).get("view").asString()).isEqualTo(c + ".s.v");
		assertThat(impact.get("indirectReaders").get(0).get("user").asString()).isEqualTo("ann");
	}

	@Test
	void aRenamedTableCountsTheReadsOfTheNameItHadBefore() {
		String c = UsageFixtures.unique("ren");
		addSourceTable(c, "before", "s3://lake/" + c + "/t");
		addSourceTable(c, "idle", "s3://lake/" + c + "/idle");
		sync.sync();
		UsageFixtures.facts(repository, tx, ZoneOffset.UTC)
			.statement(c + "-1", "ann", Instant.now().minus(5, ChronoUnit.DAYS)).through("DASHBOARD", "d1")
			.reads(c + ".s.before").done()
			.load();
		jdbc.sql("DELETE FROM lakehouse.tables WHERE table_catalog = :c AND table_name = 'before'").param("c", c).update();
		addSourceTable(c, "after", "s3://lake/" + c + "/t");
		sync.sync();
		// the rename was seen three days ago; a table of the old name made since is another table
		jdbc.sql("UPDATE table_inventory SET valid_from = now() - interval '3 days' WHERE full_name = :n")
			.param("n", c + ".s.after")
			.update();
		UsageFixtures.facts(repository, tx, ZoneOffset.UTC)
			.statement(c + "-2", "bob", Instant.now().minus(1, ChronoUnit.DAYS)).reads(c + ".s.before").done()
			.load();

		List<String> mine = get("/api/v1/tables/unused?days=90&size=1000").get("tables").get("items").valueStream()
			.map(item -> item.get("table").asString())
			.filter(name -> name.startsWith(c + "."))
			.toList();
		assertThat(mine).as("read under its name before the rename: no unused table").containsExactly(c + ".s.idle");
		JsonNode impact = get("/api/v1/tables/" + c + ".s.after/impact");
		assertThat(impact.get("inventory").get("renamedFrom").asString()).isEqualTo(c + ".s.before");
		assertThat(impact.get("verdict").asString()).isEqualTo("ACTIVE");
		assertThat(impact.get("readers").valueStream().map(reader -> reader.get("user").asString()).toList())
			.as("the old name's reads up to the rename, not those of the table that took the name since")
			.containsExactly("ann");
		assertThat(impact.get("lastRead").asString()).isLessThan(Instant.now().minus(4, ChronoUnit.DAYS).toString());
	}

	private void addSourceTable(String catalog, String name, String storagePath) {
		jdbc.sql("""
				INSERT INTO lakehouse.tables (table_catalog, table_schema, table_name, table_type, data_source_format,
				    storage_path, created, last_altered)
				VALUES (:catalog, 's', :name, 'MANAGED', 'DELTA', :path, now(), now())""")
			.param("catalog", catalog)
			.param("name", name)
			.param("path", storagePath)
			.update();
	}

	private JsonNode impact(String table) {
		return get("/api/v1/tables/" + table + "/impact");
	}

	private JsonNode get(String uri) {
		var response = TestApi.withKey(port).get().uri(uri).retrieve().toEntity(JsonNode.class);
		assertThat(response.getStatusCode().value()).as(uri).isEqualTo(200);
		return response.getBody();
	}

}
