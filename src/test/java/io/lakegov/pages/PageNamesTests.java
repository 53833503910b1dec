package io.lakegov.pages;

import java.util.Set;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.web.context.request.RequestContextHolder;
import org.springframework.web.context.request.ServletRequestAttributes;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Addresses of names no path segment can hold, and of a service under a context path: every link leads to its
 * page once, and a redirect does not put the context path in front twice.
 */
class PageNamesTests {

	private final PageNames names = new PageNames();

	@AfterEach
	void noRequest() {
		RequestContextHolder.resetRequestAttributes();
	}

	@Test
	void aColumnWhoseNameHoldsASlashSemicolonOrBackslashIsNamedInTheQuery() {
		assertThat(names.column("main.sales.prices", "price/unit"))
			.isEqualTo("/columns?table=main.sales.prices&column=%60price%2Funit%60");
		assertThat(names.column("main.sales.prices", "a;b")).isEqualTo("/columns?table=main.sales.prices&column=%60a%3Bb%60");
		assertThat(names.column("main.sales.prices", "a\\b")).isEqualTo("/columns?table=main.sales.prices&column=%60a%5Cb%60");
		assertThat(names.column("main.sales.prices", "order date"))
			.isEqualTo("/tables/main.sales.prices/columns/%60order%20date%60");
	}

	@Test
	void aTableWhoseNameHoldsASemicolonOrBackslashIsNamedInTheQuery() {
		assertThat(names.table("main.sales.a;b")).isEqualTo("/tables?name=main.sales.%60a%3Bb%60");
		assertThat(names.table("main.sales.a\\b")).isEqualTo("/tables?name=main.sales.%60a%5Cb%60");
		assertThat(names.table("main.sales.a+b")).isEqualTo("/tables/main.sales.%60a+b%60");
	}

	@Test
	void underAContextPathLinksStartWithItAndRedirectsLeaveItToTheRedirect() {
		MockHttpServletRequest request = new MockHttpServletRequest("GET", "/lakegov/tables/orders");
		request.setContextPath("/lakegov");
		request.setParameter("from", "2026-03-01");
		RequestContextHolder.setRequestAttributes(new ServletRequestAttributes(request));

		String address = names.table("main.sales.orders");

		assertThat(address).isEqualTo("/lakegov/tables/main.sales.orders");
		assertThat(names.user("ann/ops@corp.example")).isEqualTo("/lakegov/users/ann%2Fops@corp.example");
		assertThat(PageNames.redirect(address, request, Set.of()))
			.isEqualTo("redirect:/tables/main.sales.orders?from=2026-03-01");
	}

	@Test
	void atTheRootARedirectGoesToTheAddressAsItIs() {
		MockHttpServletRequest request = new MockHttpServletRequest("GET", "/tables");
		request.setParameter("name", "delta.`s3://b/k`");
		RequestContextHolder.setRequestAttributes(new ServletRequestAttributes(request));

		assertThat(PageNames.redirect(names.table("delta.s3://b/k"), request, Set.of("name")))
			.isEqualTo("redirect:/tables?name=delta.%60s3%3A%2F%2Fb%2Fk%60");
	}

}
