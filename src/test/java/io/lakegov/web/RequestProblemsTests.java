package io.lakegov.web;

import java.time.Instant;
import java.time.LocalDate;
import java.util.List;

import org.junit.jupiter.api.Test;

import org.springframework.beans.TypeMismatchException;
import org.springframework.core.MethodParameter;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.mock.http.MockHttpInputMessage;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;

import static org.assertj.core.api.Assertions.assertThat;

class RequestProblemsTests {

	@Test
	void namesTheParameterWhatItMustBeAndTheValueGiven() {
		assertThat(RequestProblems.mismatch(mismatch("limit", "abc", int.class)))
			.isEqualTo("limit must be a whole number, was 'abc'.");
		assertThat(RequestProblems.mismatch(mismatch("from", "2026-13-01", LocalDate.class)))
			.isEqualTo("from must be a date YYYY-MM-DD, was '2026-13-01'.");
		assertThat(RequestProblems.mismatch(mismatch("indirect", "maybe", Boolean.class)))
			.isEqualTo("indirect must be true or false, was 'maybe'.");
		assertThat(RequestProblems.mismatch(mismatch("kind", "BIGGER", Kind.class)))
			.isEqualTo("kind must be one of RAISE, LOWER, was 'BIGGER'.");
	}

	@Test
	void showsOnlyTheStartOfALongValue() {
		String detail = RequestProblems.mismatch(mismatch("id", "9".repeat(10_000), long.class));
		assertThat(detail).startsWith("id must be a whole number, was '" + "9".repeat(RequestProblems.SHOWN) + "…'")
			.hasSizeLessThan(120);
	}

	@Test
	void saysAValidValueForTypesWithoutWordsOfTheirOwn() {
		assertThat(RequestProblems.mismatch(new TypeMismatchException("x", StringBuilder.class)))
			.isEqualTo("A parameter must be a valid value, was 'x'.");
	}

	@Test
	void namesTheBodyFieldThatIsNotOfItsTypeWithItsPath() {
		assertThat(body("{\"from\":\"yesterday\",\"statements\":[]}"))
			.isEqualTo("from must be a time such as 2026-01-31T09:30:00Z, was 'yesterday'.");
		assertThat(body("{\"statements\":[{\"sql\":[1]}]}")).isEqualTo("statements[0].sql must be a string.");
		assertThat(body("{\"statements\":\"SELECT 1\"}")).isEqualTo("statements must be a list.");
		assertThat(body("{\"statements\":[],\"limit\":\"ten\"}"))
			.isEqualTo("limit must be a whole number, was 'ten'.");
	}

	@Test
	void saysWhereTheBodyStopsBeingJsonOrWhatItMustBe() {
		assertThat(body("{\"statements\": [\n  {\"sql\": \"SELECT 1\"}")).startsWith("The body is not valid JSON (line 2,");
		assertThat(body("[1, 2]")).isEqualTo("The body must be an object.");
		assertThat(RequestProblems.body(new HttpMessageNotReadableException("Required request body is missing: x",
				new MockHttpInputMessage(new byte[0])))).isEqualTo("The request needs a JSON body.");
	}

	@Test
	void namesAFieldTheBodyDoesNotHaveAndTheFieldsItHas() {
		assertThat(body("{\"statements\":[],\"limit\":1,\"limt\":5}"))
			.isEqualTo("The body has no field 'limt'; its fields are from, limit, statements.");
		assertThat(body("{\"statements\":[{\"sql\":\"SELECT 1\",\"sq1\":\"x\"}],\"limit\":1}"))
			.isEqualTo("statements[0] has no field 'sq1'; its fields are sql.");
		assertThat(body("{\"limit\":1,\"" + "x".repeat(500) + "\":1}")).hasSizeLessThan(150);
	}

	private static String body(String json) {
		try {
			JsonMapper.builder().enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).build().readValue(json, Body.class);
		}
		catch (JacksonException ex) {
			String detail = RequestProblems.body(new HttpMessageNotReadableException("JSON parse error: " + ex.getMessage(),
					ex, new MockHttpInputMessage(json.getBytes())));
			assertThat(detail).doesNotContain("io.lakegov", "Body");
			return detail;
		}
		throw new AssertionError("read: " + json);
	}

	record Body(Instant from, List<Statement> statements, int limit) {
	}

	record Statement(String sql) {
	}

	private static MethodArgumentTypeMismatchException mismatch(String name, Object value, Class<?> type) {
		MethodParameter parameter;
		try {
			parameter = new MethodParameter(RequestProblemsTests.class.getDeclaredMethod("target", Object.class), 0);
		}
		catch (NoSuchMethodException ex) {
			throw new IllegalStateException(ex);
		}
		return new MethodArgumentTypeMismatchException(value, type, name, parameter, null);
	}

	@SuppressWarnings("unused")
	private static void target(Object value) {
	}

	private enum Kind {

		RAISE, LOWER

	}

}
