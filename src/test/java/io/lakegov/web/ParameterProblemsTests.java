package io.lakegov.web;

import java.time.LocalDate;

import org.junit.jupiter.api.Test;

import org.springframework.beans.TypeMismatchException;
import org.springframework.core.MethodParameter;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;

import static org.assertj.core.api.Assertions.assertThat;

class ParameterProblemsTests {

	@Test
	void namesTheParameterWhatItMustBeAndTheValueGiven() {
		assertThat(ParameterProblems.mismatch(mismatch("limit", "abc", int.class)))
			.isEqualTo("limit must be a whole number, was 'abc'.");
		assertThat(ParameterProblems.mismatch(mismatch("from", "2026-13-01", LocalDate.class)))
			.isEqualTo("from must be a date YYYY-MM-DD, was '2026-13-01'.");
		assertThat(ParameterProblems.mismatch(mismatch("indirect", "maybe", Boolean.class)))
			.isEqualTo("indirect must be true or false, was 'maybe'.");
		assertThat(ParameterProblems.mismatch(mismatch("kind", "BIGGER", Kind.class)))
			.isEqualTo("kind must be one of RAISE, LOWER, was 'BIGGER'.");
	}

	@Test
	void showsOnlyTheStartOfALongValue() {
		String detail = ParameterProblems.mismatch(mismatch("id", "9".repeat(10_000), long.class));
		assertThat(detail).startsWith("id must be a whole number, was '" + "9".repeat(ParameterProblems.SHOWN) + "…'")
			.hasSizeLessThan(120);
	}

	@Test
	void saysAValidValueForTypesWithoutWordsOfTheirOwn() {
		assertThat(ParameterProblems.mismatch(new TypeMismatchException("x", StringBuilder.class)))
			.isEqualTo("A parameter must be a valid value, was 'x'.");
	}

	private static MethodArgumentTypeMismatchException mismatch(String name, Object value, Class<?> type) {
		MethodParameter parameter;
		try {
			parameter = new MethodParameter(ParameterProblemsTests.class.getDeclaredMethod("target", Object.class), 0);
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
