package io.lakegov.impact;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

class ColumnNameTests {

	@ParameterizedTest
	@CsvSource(delimiterString = "->", value = { "order_id -> order_id", "order date -> `order date`",
			"2023_revenue -> `2023_revenue`", "größe -> `größe`", "a`b -> `a``b`" })
	void writesAStoredNameSoThatItParsesBack(String name, String written) {
		assertThat(ColumnName.written(name)).isEqualTo(written);
		assertThat(ColumnName.parse(written).name()).isEqualTo(name);
	}

}
