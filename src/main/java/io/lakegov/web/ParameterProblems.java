package io.lakegov.web;

import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.Arrays;
import java.util.stream.Collectors;

import org.jspecify.annotations.Nullable;

import org.springframework.beans.TypeMismatchException;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;

/**
 * Says which request parameter could not be read and what it must be, in the same words in the API's
 * problem details and on the pages: {@code limit must be a whole number, was 'abc'.}
 */
public final class ParameterProblems {

	/** How much of a refused value is shown back: enough to recognise it, never a whole hostile input. */
	static final int SHOWN = 60;

	private ParameterProblems() {
	}

	/** The words for a value that is not of its parameter's type. */
	public static String mismatch(TypeMismatchException ex) {
		String name = ex instanceof MethodArgumentTypeMismatchException argument ? argument.getName()
				: ex.getPropertyName();
		return (name == null ? "A parameter" : name) + " must be " + expected(ex.getRequiredType()) + ", was '"
				+ shown(ex.getValue()) + "'.";
	}

	static String expected(@Nullable Class<?> type) {
		if (type == null) {
			return "a valid value";
		}
		if (type == int.class || type == Integer.class || type == long.class || type == Long.class
				|| type == short.class || type == Short.class) {
			return "a whole number";
		}
		if (type == double.class || type == Double.class || type == float.class || type == Float.class) {
			return "a number";
		}
		if (type == boolean.class || type == Boolean.class) {
			return "true or false";
		}
		if (type == LocalDate.class) {
			return "a date YYYY-MM-DD";
		}
		if (type == Instant.class || type == OffsetDateTime.class) {
			return "a time such as 2026-01-31T09:30:00Z";
		}
		if (type.isEnum()) {
			return "one of " + Arrays.stream(type.getEnumConstants())
				.map(constant -> ((Enum<?>) constant).name())
				.collect(Collectors.joining(", "));
		}
		return "a valid value";
	}

	private static String shown(@Nullable Object value) {
		String text = value instanceof Object[] values ? String.join(",", Arrays.stream(values).map(String::valueOf).toList())
				: String.valueOf(value);
		return text.length() <= SHOWN ? text : text.substring(0, SHOWN) + "…";
	}

}
