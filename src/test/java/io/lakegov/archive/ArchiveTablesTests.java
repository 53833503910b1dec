package io.lakegov.archive;

import java.time.Instant;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;

import io.lakegov.archive.delta.ArchiveColumn;
import io.lakegov.archive.delta.ArchiveMigrations;
import io.lakegov.archive.delta.ArchiveSchema;
import io.lakegov.archive.delta.ArchiveTables;
import io.lakegov.archive.delta.SparkLiterals;
import io.lakegov.history.HistoryColumn;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/** The archive's tables and the literals its statements carry. */
class ArchiveTablesTests {

	@Test
	void keepsEveryHistoryColumnTheStoreKeeps() {
		List<String> archived = ArchiveTables.HISTORY.stream().map(ArchiveColumn::name).toList();
		assertThat(archived).containsAll(HistoryColumn.all().stream().map(HistoryColumn::columnName).toList());
	}

	@Test
	void commentsEveryColumnAndClustersByTheBusinessDate() {
		for (List<ArchiveColumn> table : List.of(ArchiveTables.HISTORY, ArchiveTables.ACCESS, ArchiveTables.COLUMNS,
				ArchiveTables.USAGE)) {
			assertThat(table).allSatisfy(column -> assertThat(column.comment()).isNotBlank());
			assertThat(table).extracting(ArchiveColumn::name).contains("business_date").doesNotHaveDuplicates();
		}
		List<String> ddl = ArchiveMigrations.ALL.get(0).statements().apply(ArchiveSchema.of("main.audit"));
		assertThat(ddl).hasSize(4)
			.allSatisfy(statement -> assertThat(statement).startsWith("CREATE TABLE IF NOT EXISTS `main`.`audit`.`")
				.contains("USING DELTA CLUSTER BY (business_date) COMMENT 'lakegov: "));
	}

	@Test
	void writesTextThatIsNotPlainAsBase64() {
		assertThat(SparkLiterals.of("main.sales.orders")).isEqualTo("'main.sales.orders'");
		assertThat(SparkLiterals.of("it's ${x}; \\' --")).isEqualTo("CAST(unbase64('aXQncyAke3h9OyBcJyAtLQ==') AS STRING)");
		assertThat(SparkLiterals.of("caf\u00e9")).startsWith("CAST(unbase64(");
		assertThat(SparkLiterals.of("a?b")).startsWith("CAST(unbase64(");
		assertThat(SparkLiterals.of(null)).isEqualTo("NULL");
		assertThat(SparkLiterals.of(42L)).isEqualTo("42");
		assertThat(SparkLiterals.of(true)).isEqualTo("TRUE");
		assertThat(SparkLiterals.of(LocalDate.of(2026, 3, 1))).isEqualTo("DATE'2026-03-01'");
		assertThat(SparkLiterals.of(Instant.parse("2026-03-01T10:00:00.123456Z")))
			.isEqualTo("timestamp_micros(1772359200123456)");
		assertThat(SparkLiterals.of(Arrays.asList("a", "b"))).isEqualTo("array('a', 'b')");
	}

	@Test
	void refusesSchemasThatAreNotTwoPlainNames() {
		assertThat(ArchiveSchema.of("main.audit").table("query_history")).isEqualTo("`main`.`audit`.`query_history`");
		for (String bad : List.of("main", "main.audit.x", "main.au`dit", "ma in.audit", "main.")) {
			assertThatIllegalArgumentException().isThrownBy(() -> ArchiveSchema.of(bad));
		}
		assertThatIllegalArgumentException().isThrownBy(() -> SparkLiterals.plain("it's"));
	}

}
