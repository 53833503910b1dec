package io.lakegov.openlineage;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import io.lakegov.openlineage.event.LineageNaming;
import io.lakegov.openlineage.event.RunEventFactory;
import io.lakegov.openlineage.event.StoredStatement;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineageClientUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

class LineageNamingTests {

	static final String HOST = "adb-1234567890123456.7.azuredatabricks.net";

	@ParameterizedTest
	@CsvSource(delimiter = '|', textBlock = """
			main.sales.orders                          | databricks://adb-1234567890123456.7.azuredatabricks.net | main.sales.orders
			sales.orders                               | databricks://adb-1234567890123456.7.azuredatabricks.net | sales.orders
			delta.s3://lake-bucket/raw/events          | s3://lake-bucket                                        | raw/events
			parquet.s3a://lake-bucket/raw/events       | s3://lake-bucket                                        | raw/events
			delta.s3n://lake-bucket/raw/x              | s3://lake-bucket                                        | raw/x
			parquet.abfss://raw@acct.dfs.core.windows.net/x/y | abfss://raw@acct.dfs.core.windows.net            | x/y
			parquet.abfs://raw@acct.dfs.core.windows.net/x/y  | abfss://raw@acct.dfs.core.windows.net            | x/y
			delta.s3://lake-bucket/raw/events/         | s3://lake-bucket                                        | raw/events
			delta.s3://lake-bucket/landing zone/a b    | s3://lake-bucket                                        | landing zone/a b
			delta.gs://lake-bucket/                    | gs://lake-bucket                                        | /
			delta./mnt/raw/events                      | dbfs://adb-1234567890123456.7.azuredatabricks.net       | /mnt/raw/events
			delta.dbfs:/tmp/t                          | dbfs://adb-1234567890123456.7.azuredatabricks.net       | /tmp/t
			""")
	void namesDatasetsAsTheNamingSpecDoes(String table, String namespace, String name) {
		assertThat(LineageNaming.dataset(HOST, table)).isEqualTo(new LineageNaming.Dataset(namespace, name));
	}

	@ParameterizedTest
	@CsvSource(delimiter = '|', nullValues = "-", textBlock = """
			JOB              | 1005  | -    | job.1005
			JOB              | 1005  | 77   | job.1005.notebook.77
			NOTEBOOK         | 77    | -    | notebook.77
			DASHBOARD        | d1    | -    | dashboard.d1
			LEGACY_DASHBOARD | ld1   | -    | legacy_dashboard.ld1
			ALERT            | a1    | -    | alert.a1
			GENIE_SPACE      | g1    | -    | genie_space.g1
			PIPELINE         | p1    | -    | pipeline.p1
			SQL_QUERY        | q1    | -    | query.q1
			ADHOC            | ''    | -    | adhoc.ann@corp.example
			JOB              | ''    | -    | adhoc.ann@corp.example
			""")
	void namesJobsAfterTheirQuerySource(String kind, String id, String notebook, String name) {
		assertThat(LineageNaming.job("ns", kind, id, "ann@corp.example", notebook))
			.isEqualTo(new LineageNaming.Job("ns", name));
	}

	@Test
	void derivesTheSameRunIdForTheSameStatementOfTheSameSourceOnly() {
		assertThat(LineageNaming.runId("default", "s1")).isEqualTo(LineageNaming.runId("default", "s1"))
			.isNotEqualTo(LineageNaming.runId("eu", "s1"))
			.isNotEqualTo(LineageNaming.runId("default", "s2"));
		assertThat(LineageNaming.runId("default", "s1").version()).isEqualTo(3);
	}

	@Test
	void buildsAnEventThatReadsBackFieldByField() {
		StoredStatement statement = new StoredStatement("default", "s-1", "FAILED", Instant.parse("2026-03-01T10:00:00Z"),
				Instant.parse("2026-03-01T10:00:07Z"), "ann", "JOB", "1005", "555", "77",
				"INSERT INTO main.sales.daily SELECT amount FROM main.sales.orders WHERE region = ?", "INSERT", "1.9",
				List.of(new StoredStatement.Access("main.sales.orders", "READ", "PARSED"),
						new StoredStatement.Access("main.sales.daily", "WRITE", "BOTH")),
				List.of(new StoredStatement.Column("main.sales.orders", "amount", "READ"),
						new StoredStatement.Column("main.sales.orders", "region", "READ"),
						new StoredStatement.Column("main.sales.daily", "amount", "WRITE")));

		OpenLineage.RunEvent event = OpenLineageClientUtils
			.runEventFromJson(OpenLineageClientUtils.toJson(new RunEventFactory().build(statement, HOST, null)));

		assertThat(event.getEventType()).isEqualTo(OpenLineage.RunEvent.EventType.FAIL);
		assertThat(event.getEventTime().toInstant()).isEqualTo(Instant.parse("2026-03-01T10:00:07Z"));
		assertThat(event.getRun().getRunId()).isEqualTo(LineageNaming.runId("default", "s-1"));
		assertThat(event.getRun().getFacets().getExternalQuery().getExternalQueryId()).isEqualTo("s-1");
		assertThat(event.getRun().getFacets().getParent().getJob().getName()).isEqualTo("job.1005");
		assertThat(event.getRun().getFacets().getParent().getRun().getRunId())
			.isEqualTo(LineageNaming.jobRunId("default", "555"));
		assertThat(event.getRun().getFacets().getAdditionalProperties().get("lakegov_witness").getAdditionalProperties())
			.containsEntry("witness", "MIXED")
			.containsEntry("lineageOnly", false);
		assertThat(event.getRun().getFacets().getAdditionalProperties().get("lakegov_witness").get_schemaURL().toString())
			.contains("LakegovWitnessRunFacet");
		assertThat(event.getJob().getNamespace()).isEqualTo("databricks://" + HOST);
		assertThat(event.getJob().getName()).isEqualTo("job.1005.notebook.77");
		assertThat(event.getJob().getFacets().getSql().getQuery()).isEqualTo(statement.redactedText());
		assertThat(event.getInputs()).extracting(OpenLineage.InputDataset::getName).containsExactly("main.sales.orders");
		assertThat(event.getOutputs()).singleElement().satisfies(output -> {
			assertThat(output.getName()).isEqualTo("main.sales.daily");
			Map<String, OpenLineage.ColumnLineageDatasetFacetFieldsAdditional> fields = output.getFacets()
				.getColumnLineage()
				.getFields()
				.getAdditionalProperties();
			assertThat(fields).containsOnlyKeys("amount");
			assertThat(fields.get("amount").getInputFields()).extracting(OpenLineage.InputField::getField)
				.containsExactly("amount", "region");
		});
	}

	@Test
	void aRunningStatementHasNoEventAndOneWithoutTablesAnEventWithoutDatasets() {
		StoredStatement running = new StoredStatement("default", "s-2", "RUNNING", Instant.EPOCH, null, "ann", "ADHOC", "",
				null, null, null, "SELECT", null, List.of(new StoredStatement.Access("main.s.t", "READ", "PARSED")),
				List.of());
		assertThat(new RunEventFactory().build(running, HOST, null)).isNull();
		StoredStatement grant = new StoredStatement("default", "s-3", "FINISHED", Instant.EPOCH, null, "ann", "ADHOC", "",
				null, null, null, "GRANT", null, List.of(new StoredStatement.Access("main.s.t", "GRANT", "PARSED")),
				List.of());
		OpenLineage.RunEvent event = OpenLineageClientUtils
			.runEventFromJson(OpenLineageClientUtils.toJson(new RunEventFactory().build(grant, HOST, null)));
		assertThat(event.getEventType()).isEqualTo(OpenLineage.RunEvent.EventType.COMPLETE);
		assertThat(event.getInputs()).isEmpty();
		assertThat(event.getOutputs()).isEmpty();
		assertThat(event.getRun().getFacets().getAdditionalProperties().get("lakegov_witness").getAdditionalProperties()
			.get("witness")).isEqualTo("NONE");
	}

	@Test
	void aStatementKnownFromTheEnginesLineageAloneIsTheWarehousesQuery() {
		assertThat(LineageNaming.queryId("lineage:statement:01ef-42")).isEqualTo("01ef-42");
		assertThat(LineageNaming.queryId("01ef-42")).isEqualTo("01ef-42");
		assertThat(LineageNaming.queryId("lineage:row:7f3a")).as("no statement behind it").isEqualTo("lineage:row:7f3a");
	}

	@Test
	void onlyWholeNamesAndPathsAreDatasetsAndTheSessionCatalogIsTheHiveMetastore() {
		assertThat(LineageNaming.named("main.sales.orders")).isTrue();
		assertThat(LineageNaming.named("delta.s3://lake/raw/events")).isTrue();
		assertThat(LineageNaming.named("sales.orders")).isFalse();
		assertThat(LineageNaming.named("recent_orders")).isFalse();
		assertThat(LineageNaming.named("main..orders")).isFalse();
		assertThat(LineageNaming.dataset("adb-1.azuredatabricks.net", "spark_catalog.default.events"))
			.isEqualTo(new LineageNaming.Dataset("databricks://adb-1.azuredatabricks.net", "hive_metastore.default.events"));
	}

}
