package io.lakegov.retention;

import java.util.List;
import java.util.Map;

import io.lakegov.sql.TableName;

/**
 * Where a table's retention properties and commit history come from: {@code SHOW TBLPROPERTIES} and
 * {@code DESCRIBE HISTORY} on Databricks, their stand-in tables in the local warehouse. Every method
 * may throw {@link org.springframework.dao.DataAccessException} when the source refuses.
 */
interface TableMetadataSource {

	/** The table's properties, key to value. */
	Map<String, String> properties(TableName table);

	/** The table's commits still in its log. */
	List<CommitHistory.Commit> history(TableName table);

	/** Tables worth reading the properties of even when nobody time-travelled, at most {@code limit}. */
	List<TableName> tablesWithSettings(int limit);

	/**
	 * True when {@link #tablesWithSettings} lists every table that sets any property, so a table it
	 * does not list is known to run on the defaults.
	 */
	boolean listsAllSettings();

}
