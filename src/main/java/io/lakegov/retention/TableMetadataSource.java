package io.lakegov.retention;

import java.util.List;
import java.util.Map;

import io.lakegov.sql.TableName;

import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Where a table's retention properties and commit history come from: {@code SHOW TBLPROPERTIES} and
 * {@code DESCRIBE HISTORY} on Databricks, their stand-in tables in the local warehouse. Each method reads
 * through the client it is given (a request's, bounded in time) and may throw
 * {@link org.springframework.dao.DataAccessException} when the source refuses.
 */
interface TableMetadataSource {

	/** The table's properties, key to value. */
	Map<String, String> properties(JdbcClient source, TableName table);

	/** The table's commits still in its log. */
	List<CommitHistory.Commit> history(JdbcClient source, TableName table);

	/** Tables worth reading the properties of even when nobody time-travelled, at most {@code limit}. */
	List<TableName> tablesWithSettings(JdbcClient source, int limit);

	/**
	 * True when {@link #tablesWithSettings} lists every table that sets any property, so a table it
	 * does not list is known to run on the defaults.
	 */
	boolean listsAllSettings();

}
