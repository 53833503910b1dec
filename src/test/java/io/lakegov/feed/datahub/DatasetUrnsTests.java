package io.lakegov.feed.datahub;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The names DataHub's Unity Catalog source gives, the texts of a proposal cut as DataHub's sources cut them, and
 * which answers of GMS refuse a proposal for good.
 */
class DatasetUrnsTests {

	private final DatasetUrns urns = new DatasetUrns(new DataHubProperties(true, "PROD", null,
			Map.of("hive_metastore", "legacy"), null, null, Duration.ofMinutes(10), Duration.ofHours(2), 7,
			Duration.ofSeconds(3), Duration.ofSeconds(30), 3, 5, Duration.ofMinutes(1), Duration.ofHours(1),
			Duration.ofMinutes(5)));

	@Test
	void tablesReadByStoragePathHaveNoDatasetEvenWhenTheirPathHasDots() {
		assertThat(urns.dataset("delta.abfss://c@acct.dfs.core.windows.net/events")).isEmpty();
		assertThat(urns.dataset("parquet.s3://bucket/raw/x.parquet")).isEmpty();
		assertThat(urns.dataset("delta./mnt/lake/events")).isEmpty();
		assertThat(urns.dataset("main.sales.orders"))
			.hasValue("urn:li:dataset:(urn:li:dataPlatform:databricks,main.sales.orders,PROD)");
	}

	@Test
	void encodesTheCharactersDataHubReservesAsItsOwnEncoderDoes() {
		assertThat(DatasetUrns.encoded("main.s.`a,b(c)d\u241Fe%f`")).isEqualTo("main.s.`a%2Cb%28c%29d%E2%90%9Fe%f`");
		assertThat(DatasetUrns.user("(unknown)")).isEqualTo("urn:li:corpuser:%28unknown%29");
	}

	@Test
	void theSessionCatalogIsTheHiveMetastoreWithItsPlatformInstance() {
		assertThat(urns.dataset("spark_catalog.sales.orders"))
			.hasValue("urn:li:dataset:(urn:li:dataPlatform:databricks,legacy.hive_metastore.sales.orders,PROD)");
		assertThat(urns.dataset("SPARK_CATALOG.Sales.Orders")).isEqualTo(urns.dataset("hive_metastore.sales.orders"));
	}

	@Test
	void aProposalGmsFindsInvalidOrTooLargeIsRefusedForGoodAndOtherFailuresAreTriedAgain() {
		assertThat(List.of(400, 413, 422)).allMatch(status -> new GmsClient.Answer(status, "no").refused());
		assertThat(List.of(401, 403, 429, 500, 503)).noneMatch(status -> new GmsClient.Answer(status, "no").refused());
		assertThat(new GmsClient.Answer(null, "timed out").refused()).isFalse();
		assertThat(new GmsClient.Answer(201, null).accepted()).isTrue();
	}

	@Test
	void queryTextsShareTheBudgetAndCutOnesEndWithAnEllipsis() {
		String longText = "SELECT " + "x, ".repeat(20_000) + "y FROM t";
		// a cut that would split a pair of surrogates leaves the pair out whole
		List<String> trimmed = UsageProposals.trimmed(List.of("SELECT 1", longText, "a" + "\uD83D\uDE00".repeat(6_000)));
		assertThat(trimmed.get(0)).isEqualTo("SELECT 1");
		assertThat(trimmed.get(1)).hasSize(UsageProposals.QUERY_BUDGET / 3).startsWith("SELECT x, ").endsWith(" ...");
		assertThat(trimmed.get(2)).endsWith("\uDE00 ...").hasSize(UsageProposals.QUERY_BUDGET / 3 - 1);
		assertThat(trimmed.stream().mapToInt(String::length).sum()).isLessThanOrEqualTo(UsageProposals.QUERY_BUDGET);
		assertThat(UsageProposals.trimmed(List.of())).isEmpty();
	}

}
