package io.lakegov.feed.datahub;

import java.util.Optional;

import io.lakegov.usage.TableRef;

import org.springframework.stereotype.Component;

/**
 * DataHub's names for lakegov's tables and users, as DataHub's own Unity Catalog source gives them, so that the usage
 * lands on the datasets that source ingested: {@code urn:li:dataset:(urn:li:dataPlatform:databricks,<name>,<env>)}
 * where the name is {@code catalog.schema.table} (Unity Catalog's names, in lower case as lakegov keeps them),
 * prefixed with {@code <platform instance>.} when the recipe sets one; DataHub's reserved characters {@code , ( )}
 * percent-encoded as DataHub encodes them. Users are {@code urn:li:corpuser:<executed_by>}, encoded alike.
 */
@Component
class DatasetUrns {

	static final String PLATFORM = "databricks";

	private final DataHubProperties properties;

	DatasetUrns(DataHubProperties properties) {
		this.properties = properties;
	}

	/**
	 * The dataset's URN; empty for what DataHub's Unity Catalog source does not ingest as a dataset: a name lakegov
	 * could not complete to catalog.schema.table, a table read by its storage path ({@code delta.s3://…}), and
	 * Databricks' own metadata views ({@code system} catalog, {@code information_schema} schemas). A table of
	 * {@code spark_catalog} is the Hive metastore's, which DataHub names {@code hive_metastore}.
	 */
	Optional<String> dataset(String table) {
		if (TableRef.isPath(table) || !TableRef.qualified(table)) {
			return Optional.empty();
		}
		String lower = TableRef.unityCatalogName(table);
		String catalog = lower.substring(0, lower.indexOf('.'));
		if (catalog.equals("system") || lower.substring(catalog.length() + 1).startsWith("information_schema.")) {
			return Optional.empty();
		}
		String instance = properties.platformInstance(catalog);
		String name = instance == null ? lower : instance + "." + lower;
		return Optional.of("urn:li:dataset:(urn:li:dataPlatform:" + PLATFORM + "," + encoded(name) + ","
				+ properties.env() + ")");
	}

	/** The user's URN (a principal with a reserved character, such as {@code (unknown)}, encoded as DataHub does). */
	static String user(String user) {
		return "urn:li:corpuser:" + encoded(user);
	}

	/**
	 * DataHub's encoding of the characters an URN reserves for its structure: {@code , ( )} and the unit separator
	 * {@code ␟} that DataHub's own encoder reserves too, each percent-encoded in UTF-8.
	 */
	static String encoded(String name) {
		StringBuilder encoded = new StringBuilder(name.length());
		for (char c : name.toCharArray()) {
			switch (c) {
				case ',' -> encoded.append("%2C");
				case '(' -> encoded.append("%28");
				case ')' -> encoded.append("%29");
				case '\u241F' -> encoded.append("%E2%90%9F");
				default -> encoded.append(c);
			}
		}
		return encoded.toString();
	}

}
