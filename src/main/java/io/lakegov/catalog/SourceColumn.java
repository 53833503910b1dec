package io.lakegov.catalog;

/**
 * One row of the source's column inventory.
 *
 * @param table {@code catalog.schema.table} in lower case, the name usage facts use
 * @param column the column in lower case (Databricks compares column names without case)
 * @param position its position in the table, null when the source does not say
 * @param dataType its type as the source names it, null when it does not say
 */
record SourceColumn(String table, String column, Integer position, String dataType) {

	boolean sameAttributes(SourceColumn other) {
		return java.util.Objects.equals(position, other.position)
				&& java.util.Objects.equals(dataType, other.dataType);
	}

}
