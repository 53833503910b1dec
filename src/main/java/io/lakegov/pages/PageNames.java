package io.lakegov.pages;

import java.nio.charset.StandardCharsets;
import java.util.Set;

import io.lakegov.impact.ColumnName;
import io.lakegov.usage.TableRef;
import jakarta.servlet.http.HttpServletRequest;

import org.springframework.stereotype.Component;
import org.springframework.web.context.request.RequestContextHolder;
import org.springframework.web.context.request.ServletRequestAttributes;
import org.springframework.web.util.UriComponentsBuilder;
import org.springframework.web.util.UriUtils;

/**
 * The pages' addresses (from the context path on) of tables, columns, schemas and users, so that every link leads
 * where it says: a name part that is not a plain identifier ({@code dev-catalog}, {@code order date}) in
 * backticks, and a table addressed by storage path ({@code delta.s3://bucket/key}), or a name with a character
 * no path segment may hold, in the query: {@code /tables?name=...}, {@code /columns?table=...&column=...}. The
 * templates have it as {@code names}.
 */
@Component
public class PageNames {

	/** The address of a table's page. */
	public String table(String table) {
		String written = TableRef.written(table);
		if (byQuery(written)) {
			return UriComponentsBuilder.fromPath(contextPath() + "/tables")
				.queryParam("name", "{name}")
				.encode()
				.buildAndExpand(written)
				.toUriString();
		}
		return UriComponentsBuilder.fromPath(contextPath() + "/tables/{table}").buildAndExpand(written).encode()
			.toUriString();
	}

	/** The address of a column's page. */
	public String column(String table, String column) {
		String written = TableRef.written(table);
		String writtenColumn = ColumnName.written(column);
		if (byQuery(written) || byQuery(writtenColumn)) {
			return UriComponentsBuilder.fromPath(contextPath() + "/columns")
				.queryParam("table", "{table}")
				.queryParam("column", "{column}")
				.encode()
				.buildAndExpand(written, writtenColumn)
				.toUriString();
		}
		return UriComponentsBuilder.fromPath(contextPath() + "/tables/{table}/columns/{column}")
			.buildAndExpand(written, writtenColumn)
			.encode()
			.toUriString();
	}

	/** The address of a schema's page ({@code catalog.schema}). */
	public String schema(String schema) {
		return UriComponentsBuilder.fromPath(contextPath() + "/schemas/{schema}")
			.buildAndExpand(TableRef.written(schema))
			.encode()
			.toUriString();
	}

	/** Where the service's addresses start: its servlet context path, empty at the root. */
	private static String contextPath() {
		return RequestContextHolder.getRequestAttributes() instanceof ServletRequestAttributes attributes
				? attributes.getRequest().getContextPath() : "";
	}

	/** The address of a user's page. */
	public String user(String user) {
		return contextPath() + "/users/" + UriUtils.encodePathSegment(user, StandardCharsets.UTF_8);
	}

	/**
	 * Whether a written name holds what no path segment of an address may: a slash, which would split it, or a
	 * semicolon or backslash, which the service's firewall refuses in a path.
	 */
	public static boolean byQuery(String written) {
		return written.indexOf('/') >= 0 || written.indexOf(';') >= 0 || written.indexOf('\\') >= 0;
	}

	/**
	 * A redirect to a page's own address, with the request's other parameters (the days, the lists' pages)
	 * as they were.
	 */
	public static String redirect(String address, HttpServletRequest request, Set<String> dropped) {
		// a redirect view puts the context path in front itself
		String context = request.getContextPath();
		String relative = !context.isEmpty() && address.startsWith(context + "/") ? address.substring(context.length())
				: address;
		StringBuilder to = new StringBuilder("redirect:").append(relative);
		char separator = address.indexOf('?') >= 0 ? '&' : '?';
		for (var parameter : request.getParameterMap().entrySet()) {
			if (dropped.contains(parameter.getKey())) {
				continue;
			}
			for (String value : parameter.getValue()) {
				to.append(separator)
					.append(UriUtils.encodeQueryParam(parameter.getKey(), StandardCharsets.UTF_8))
					.append('=')
					.append(UriUtils.encodeQueryParam(value, StandardCharsets.UTF_8));
				separator = '&';
			}
		}
		return to.toString();
	}

}
