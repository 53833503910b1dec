package io.lakegov.web;

import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.Collection;
import java.util.Map;

import org.springframework.core.MethodParameter;
import org.springframework.http.HttpInputMessage;
import org.springframework.http.converter.HttpMessageConverter;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.servlet.mvc.method.annotation.RequestBodyAdviceAdapter;

/**
 * Refuses a request body with the character U+0000 in any of its texts (a JSON string can carry it as an
 * escape): PostgreSQL stores no such character, so the body could never be kept as sent. A 400 names the
 * field, where it would otherwise fail in the store.
 */
@ControllerAdvice
class NoNulCharacters extends RequestBodyAdviceAdapter {

	/** How deep into nested records and lists a body is looked at; request bodies are shallow. */
	private static final int MAX_DEPTH = 8;

	@Override
	public boolean supports(MethodParameter parameter, Type targetType,
			Class<? extends HttpMessageConverter<?>> converterType) {
		return true;
	}

	@Override
	public Object afterBodyRead(Object body, HttpInputMessage inputMessage, MethodParameter parameter, Type targetType,
			Class<? extends HttpMessageConverter<?>> converterType) {
		check(body, "body", 0);
		return body;
	}

	static void check(Object value, String field, int depth) {
		if (value == null || depth > MAX_DEPTH) {
			return;
		}
		if (value instanceof CharSequence text) {
			if (text.chars().anyMatch(c -> c == 0)) {
				throw ApiException.badRequest(field + " must not contain the character U+0000.");
			}
		}
		else if (value instanceof Collection<?> items) {
			for (Object item : items) {
				check(item, field, depth + 1);
			}
		}
		else if (value instanceof Map<?, ?> entries) {
			entries.forEach((key, item) -> {
				check(key, field, depth + 1);
				check(item, field + "." + key, depth + 1);
			});
		}
		else if (value instanceof Record record) {
			for (RecordComponent component : record.getClass().getRecordComponents()) {
				// bodies are often records private to their controller's package
				Method accessor = component.getAccessor();
				Object item;
				try {
					accessor.trySetAccessible();
					item = accessor.invoke(record);
				}
				catch (ReflectiveOperationException ex) {
					throw new IllegalStateException("cannot read " + field + "." + component.getName(), ex);
				}
				check(item, depth == 0 ? component.getName() : field + "." + component.getName(), depth + 1);
			}
		}
	}

}
