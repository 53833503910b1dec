package io.lakegov.web;

import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.stream.Collectors;

import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.core.exc.StreamReadException;
import tools.jackson.databind.exc.InvalidFormatException;
import tools.jackson.databind.exc.MismatchedInputException;
import tools.jackson.databind.exc.UnrecognizedPropertyException;

import org.springframework.beans.TypeMismatchException;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.method.annotation.HandlerMethodValidationException;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;

/**
 * Says which request parameter or body field could not be read and what it must be, in the same words in
 * the API's problem details and on the pages: {@code limit must be a whole number, was 'abc'.}
 */
public final class RequestProblems {

	/** How much of a refused value is shown back: enough to recognise it, never a whole hostile input. */
	static final int SHOWN = 60;

	/** What a value must be when its type has no words of its own. */
	private static final String ANY = "a valid value";

	private RequestProblems() {
	}

	/** The words for a value that is not of its parameter's type. */
	public static String mismatch(TypeMismatchException ex) {
		String name = ex instanceof MethodArgumentTypeMismatchException argument ? argument.getName()
				: ex.getPropertyName();
		String expected = expected(ex.getRequiredType());
		return (name == null ? "A parameter" : name) + " must be " + (expected == null ? ANY : expected) + ", was '"
				+ shown(ex.getValue()) + "'.";
	}

	/** A parameter that broke one of its constraints, and the constraint's words. */
	public record Invalid(String field, String message) {
	}

	/** The parameters that broke their constraints ({@code @Min}, {@code @Pattern}, ...), each with its words. */
	public static List<Invalid> invalid(HandlerMethodValidationException ex) {
		return ex.getParameterValidationResults()
			.stream()
			.flatMap(result -> result.getResolvableErrors()
				.stream()
				.map(error -> new Invalid(String.valueOf(result.getMethodParameter().getParameterName()),
						String.valueOf(error.getDefaultMessage()))))
			.toList();
	}

	/**
	 * The words for a body that cannot be read: the field that is not of its type and what it must be, or
	 * where the text stops being JSON. Never the reader's own message, which names classes of lakegov.
	 */
	public static String body(HttpMessageNotReadableException ex) {
		for (Throwable cause = ex.getCause(); cause != null; cause = cause.getCause()) {
			if (cause instanceof MismatchedInputException mismatch) {
				return mismatch(mismatch);
			}
			if (cause instanceof StreamReadException malformed) {
				TokenStreamLocation at = malformed.getLocation();
				return at == null || at.getLineNr() < 1 ? "The body is not valid JSON."
						: "The body is not valid JSON (line " + at.getLineNr() + ", column " + at.getColumnNr() + ").";
			}
		}
		String message = ex.getMessage();
		return message != null && message.startsWith("Required request body is missing")
				? "The request needs a JSON body." : "The body cannot be read as JSON.";
	}

	private static String mismatch(MismatchedInputException ex) {
		if (ex instanceof UnrecognizedPropertyException unknown) {
			return unknown(unknown);
		}
		String field = path(ex);
		String expected = expectedInBody(ex.getTargetType());
		if (field.isEmpty()) {
			return "The body must be " + expected + ".";
		}
		return field + " must be " + expected
				+ (ex instanceof InvalidFormatException format ? ", was '" + shown(format.getValue()) + "'" : "") + ".";
	}

	/**
	 * A field the body's object does not have (a misspelt filter would otherwise be dropped without a word), with
	 * the fields it has.
	 */
	private static String unknown(UnrecognizedPropertyException ex) {
		String where = path(ex.getPath().subList(0, Math.max(0, ex.getPath().size() - 1)));
		List<String> known = ex.getKnownPropertyIds() == null ? List.of()
				: ex.getKnownPropertyIds().stream().map(String::valueOf).sorted().toList();
		return (where.isEmpty() ? "The body" : where) + " has no field '" + shown(ex.getPropertyName()) + "'"
				+ (known.isEmpty() ? "." : "; its fields are " + String.join(", ", known) + ".");
	}

	/** The field's path in the body, such as {@code statements[0].sql}. */
	private static String path(JacksonException ex) {
		return path(ex.getPath());
	}

	private static String path(List<JacksonException.Reference> references) {
		StringBuilder path = new StringBuilder();
		for (JacksonException.Reference reference : references) {
			if (reference.getPropertyName() != null) {
				path.append(path.isEmpty() ? "" : ".").append(reference.getPropertyName());
			}
			else if (reference.getIndex() >= 0) {
				path.append('[').append(reference.getIndex()).append(']');
			}
		}
		return path.toString();
	}

	private static String expectedInBody(@Nullable Class<?> type) {
		if (type == null) {
			return ANY;
		}
		if (type == String.class) {
			return "a string";
		}
		if (type.isArray() || Collection.class.isAssignableFrom(type)) {
			return "a list";
		}
		String expected = expected(type);
		return expected != null ? expected : type.getName().startsWith("java.") ? ANY : "an object";
	}

	/** What a value of the type is, in words; null for a type without words of its own. */
	static @Nullable String expected(@Nullable Class<?> type) {
		if (type == null) {
			return null;
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
		return null;
	}

	private static String shown(@Nullable Object value) {
		String text = value instanceof Object[] values ? String.join(",", Arrays.stream(values).map(String::valueOf).toList())
				: String.valueOf(value);
		return text.length() <= SHOWN ? text : text.substring(0, SHOWN) + "…";
	}

}
