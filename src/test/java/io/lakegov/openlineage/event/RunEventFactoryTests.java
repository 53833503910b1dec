package io.lakegov.openlineage.event;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineageClientUtils;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The column lineage of a written table stays a size a consumer accepts, however wide the tables. */
class RunEventFactoryTests {

	private final RunEventFactory factory = new RunEventFactory();

	private static StoredStatement writing(int read, int written) {
		List<StoredStatement.Column> columns = new ArrayList<>();
		for (int i = 0; i < read; i++) {
			columns.add(new StoredStatement.Column("main.bronze.wide", "in_" + i, "READ"));
		}
		for (int i = 0; i < written; i++) {
			columns.add(new StoredStatement.Column("main.silver.wide", "out_" + i, "WRITE"));
		}
		Instant at = Instant.parse("2026-12-01T10:00:00Z");
		return new StoredStatement("default", "s-1", "FINISHED", at, at.plusSeconds(5), "ann", "ADHOC", "", null, null,
				"INSERT INTO main.silver.wide SELECT * FROM main.bronze.wide", "INSERT", "1",
				List.of(new StoredStatement.Access("main.bronze.wide", "READ", "PARSED"),
						new StoredStatement.Access("main.silver.wide", "WRITE", "PARSED")),
				columns);
	}

	private OpenLineage.ColumnLineageDatasetFacet lineage(OpenLineage.RunEvent event) {
		return event.getOutputs().get(0).getFacets().getColumnLineage();
	}

	@Test
	void aWrittenColumnListsTheColumnsReadPairByPair() {
		OpenLineage.RunEvent event = factory.build(writing(3, 2), "adb-1.azuredatabricks.net", null);
		var lineage = lineage(event);
		assertThat(lineage.getFields().getAdditionalProperties()).containsOnlyKeys("out_0", "out_1");
		assertThat(lineage.getFields().getAdditionalProperties().get("out_1").getInputFields())
			.extracting(OpenLineage.InputField::getField)
			.containsExactly("in_0", "in_1", "in_2");
		assertThat(lineage.getDataset()).isNullOrEmpty();
	}

	@Test
	void wideTablesListTheColumnsReadOnceForTheWholeTable() {
		OpenLineage.RunEvent event = factory.build(writing(300, 300), "adb-1.azuredatabricks.net", null);
		var lineage = lineage(event);
		assertThat(lineage.getDataset()).hasSize(300);
		assertThat(lineage.getFields().getAdditionalProperties()).hasSize(300)
			.allSatisfy((column, field) -> assertThat(field.getInputFields()).isEmpty());
		assertThat(OpenLineageClientUtils.toJson(event).length()).as("rather than 90,000 pairs").isLessThan(200_000);
	}

}
