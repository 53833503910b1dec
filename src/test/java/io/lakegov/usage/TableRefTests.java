package io.lakegov.usage;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class TableRefTests {

	@ParameterizedTest
	@CsvSource(delimiterString = "->", value = { "main.sales.orders -> main.sales.orders",
			"Main.SALES.Orders -> main.sales.orders", "`main`.`sales`.`orders` -> main.sales.orders",
			"`my-catalog`.sales.orders -> my-catalog.sales.orders", "sales.orders -> sales.orders",
			"orders -> orders", "`we``ird`.s.t -> we`ird.s.t", "2024_sales.s.t -> 2024_sales.s.t" })
	void normalisesQuotingAndCase(String written, String name) {
		assertThat(TableRef.parse(written).name()).isEqualTo(name);
	}

	@ParameterizedTest
	@CsvSource(delimiterString = "->", value = { "main.sales.orders -> main.sales.orders",
			"my-catalog.sales.orders -> `my-catalog`.sales.orders", "we`ird.s.t -> `we``ird`.s.t",
			"main.sales -> main.sales", "dev cat.größe.t -> `dev cat`.`größe`.t",
			"delta.s3://bucket/a.b/c -> delta.`s3://bucket/a.b/c`", "2024_sales.s.t -> 2024_sales.s.t" })
	void writesAStoredNameSoThatItParsesBack(String name, String written) {
		assertThat(TableRef.written(name)).isEqualTo(written);
		assertThat(TableRef.parse(written).name()).isEqualTo(name);
	}

	@ParameterizedTest
	@ValueSource(strings = { "", " ", "a.b.c.d", "a..c", ".a", "a.", "a b", "a;drop table b", "a.b.c--",
			"a.b.c' OR '1'='1", "`unclosed", "``.b.c", "a.`b`c", "a/*x*/.b" })
	void refusesWhatIsNotATableName(String written) {
		assertThatIllegalArgumentException().isThrownBy(() -> TableRef.parse(written));
	}

	@ParameterizedTest
	@CsvSource({ "a.b.c, true", "b.c, false", "c, false" })
	void knowsWhetherAllPartsAreGiven(String written, boolean complete) {
		assertThat(TableRef.parse(written).complete()).isEqualTo(complete);
	}

}
