package io.lakegov.pages;

import io.lakegov.impact.ColumnName;
import io.lakegov.usage.TableRef;

import org.springframework.stereotype.Component;

/**
 * Names as the pages' addresses write them, so that every link leads where it says: a part that is not a
 * plain identifier ({@code dev-catalog}, {@code order date}) in backticks. The templates call it as
 * {@code @pageNames}.
 */
@Component("pageNames")
public class PageNames {

	/** A table's name in a {@code /tables/...} address. */
	public String table(String table) {
		return TableRef.written(table);
	}

	/** A schema's {@code catalog.schema} in a {@code /schemas/...} address. */
	public String schema(String schema) {
		return TableRef.written(schema);
	}

	/** A column's name in a {@code /tables/.../columns/...} address. */
	public String column(String column) {
		return ColumnName.written(column);
	}

}
