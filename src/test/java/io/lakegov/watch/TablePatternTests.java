package io.lakegov.watch;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class TablePatternTests {

	@ParameterizedTest
	@CsvSource({ "main.finance.*, main.finance.ledger, true", "main.finance.*, main.sales.ledger, false",
			"*.gold.*, dev.gold.kpis, true", "*.gold.*, dev.silver.kpis, false", "main.sales.orders, main.sales.orders, true",
			"main.sales.orders, main.sales.orders_v2, false", "main.sales.fact_*, main.sales.fact_orders, true",
			"main.sales.*_old, main.sales.orders_old, true", "main.sales.*_old, main.sales.old_orders, false",
			"MAIN.Sales.*, main.sales.orders, true", "main.sales.*, sales.orders, false", "*.*.*, a.b.c, true",
			"main.s*s.t, main.sales.t, true", "main.s*s.t, main.sale.t, false" })
	void matchesTablesPartByPart(String pattern, String table, boolean matches) {
		assertThat(new TablePattern(pattern).matches(table)).isEqualTo(matches);
	}

	@ParameterizedTest
	@ValueSource(strings = { "", " ", "main", "main.sales", "main.sales.orders.x", "main..orders", "main.sales.",
			"main.sa les.orders", "main.sales.orders;", "main.sales.`orders`", "main.sales.?" })
	void refusesWhatIsNotThreeParts(String pattern) {
		assertThatIllegalArgumentException().isThrownBy(() -> new TablePattern(pattern));
	}

	@ParameterizedTest
	@CsvSource({ "https://hooks.example.com/services/T0/B0/xyz, https://hooks.example.com/******",
			"https://hook.eu1.make.com/a1b2c3d4e5, https://hook.eu1.make.com/******",
			"https://webhook.site/4f5e6d7c-aaaa-bbbb-cccc-000000000000, https://webhook.site/******",
			"https://hooks.example.com/hook?token=1, https://hooks.example.com/******",
			"https://user:pw@hooks.example.com/, https://hooks.example.com/",
			"https://eo1abc2def3ghi4.m.pipedream.net, https://******.m.pipedream.net",
			"https://eo1abc2def3ghi4.m.pipedream.net/x, https://******.m.pipedream.net/******",
			"https://203.0.113.100:8443, https://203.0.113.100:8443",
			"http://127.0.0.1:8081/hook, http://127.0.0.1:8081/******" })
	void masksTheUrlsPathQueryAndATokenLikeHostLabel(String url, String masked) {
		assertThat(Watch.maskedUrl(url)).isEqualTo(masked);
	}

}
