package io.lakegov.openlineage.event;

import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.lakegov.sql.TableName;
import io.lakegov.usage.TableRef;

/**
 * Names as OpenLineage's naming spec gives them, so that a consumer joins lakegov's events with those of other
 * producers. A Unity Catalog table is named as the spec names warehouse tables (it has no row for Databricks):
 * namespace {@code databricks://{workspace host}}, name {@code catalog.schema.table}. A table addressed by
 * storage path is the path: namespace {@code scheme://authority} (an S3 or GCS bucket, an ABFSS container;
 * {@code s3a} and {@code s3n} are {@code s3}) and the rest as name, or, for a path without scheme (DBFS),
 * {@code dbfs://{workspace host}} and the path. A job is the recurring thing a statement
 * ran in, from its query source: {@code job.{id}} (with {@code .notebook.{id}} for the notebook task that ran it),
 * {@code pipeline.{id}}, {@code dashboard.{id}}, {@code legacy_dashboard.{id}}, {@code alert.{id}},
 * {@code genie_space.{id}}, {@code query.{id}}, {@code notebook.{id}}, or {@code adhoc.{principal}} for what a
 * principal ran by hand.
 */
public final class LineageNaming {

	private static final String PREFIX = "lakegov|";

	/** {@code scheme://authority/path}: a location in object storage, whatever its path holds (spaces too). */
	private static final Pattern STORAGE_URI = Pattern.compile("([A-Za-z][A-Za-z0-9+.-]*)://([^/?#]+)(/.*)?");

	private LineageNaming() {
	}

	/** A dataset's identity in OpenLineage. */
	public record Dataset(String namespace, String name) {
	}

	/** A job's identity in OpenLineage. */
	public record Job(String namespace, String name) {
	}

	/** The namespace of a workspace's tables and, by default, of the jobs it runs. */
	public static String workspace(String host) {
		return "databricks://" + host;
	}

	/**
	 * Whether a stored table name can be a dataset: a table addressed by path, or one named by catalog, schema
	 * and table. A name the analyser could not complete ({@code sales.orders} without its session's catalog)
	 * would be a dataset no catalog knows, which never joins the real one.
	 */
	public static boolean named(String tableName) {
		return TableName.isPath(tableName) || TableRef.qualified(tableName);
	}

	/**
	 * The dataset a stored table name stands for ({@link #named} names only), named as Unity Catalog names it
	 * ({@link TableRef#unityCatalogName}: {@code spark_catalog}'s tables are {@code hive_metastore}'s).
	 */
	public static Dataset dataset(String host, String tableName) {
		if (TableName.isPath(tableName)) {
			return path(host, tableName.substring(tableName.indexOf('.') + 1));
		}
		return new Dataset(workspace(host), TableRef.unityCatalogName(tableName));
	}

	private static Dataset path(String host, String location) {
		Matcher uri = STORAGE_URI.matcher(location);
		if (uri.matches()) {
			String path = uri.group(3) == null ? "" : uri.group(3);
			// the same object or folder with or without its slashes is one dataset, as the Spark integration names it
			String name = path.replaceAll("^/+", "").replaceAll("/+$", "");
			String scheme = uri.group(1).toLowerCase(Locale.ROOT);
			// Hadoop's connectors name the same storage by several schemes, which the spec names by one
			scheme = switch (scheme) {
				case "s3a", "s3n" -> "s3";
				case "abfs" -> "abfss";
				default -> scheme;
			};
			return new Dataset(scheme + "://" + uri.group(2), name.isEmpty() ? "/" : name);
		}
		String path = location.startsWith("dbfs:") ? location.substring("dbfs:".length()) : location;
		return new Dataset("dbfs://" + host, path.startsWith("/") ? path : "/" + path);
	}

	/**
	 * The job a statement ran in.
	 *
	 * @param namespace the jobs' namespace
	 * @param kind the query source's kind (JOB, NOTEBOOK, ..., ADHOC)
	 * @param id the query source's id; empty for ADHOC
	 * @param principal who ran the statement
	 * @param notebook the notebook a job's task ran, when the history names it
	 */
	public static Job job(String namespace, String kind, String id, String principal, String notebook) {
		String of = id == null ? "" : id.strip();
		String name = switch (kind) {
			case "ADHOC" -> "adhoc." + principal;
			case "JOB" -> notebook == null || notebook.isBlank() ? "job." + of : "job." + of + ".notebook." + notebook.strip();
			case "SQL_QUERY" -> "query." + of;
			default -> kind.toLowerCase(Locale.ROOT) + "." + of;
		};
		if (!"ADHOC".equals(kind) && of.isEmpty()) {
			name = "adhoc." + principal;
		}
		return new Job(namespace, name);
	}

	/** The job a job's task belongs to: the parent of the runs of its statements. */
	public static Job parentJob(String namespace, String jobId) {
		return new Job(namespace, "job." + jobId.strip());
	}

	/** How lakegov names a statement the engine's lineage told of before its history row arrived. */
	private static final String LINEAGE_ONLY = "lineage:statement:";

	/**
	 * The warehouse's id of a stored statement: a statement known from the engine's lineage alone is stored
	 * under a name of its own until its history row arrives, but it is the same query, and its events are the
	 * same run, which the history's event then replaces.
	 */
	public static String queryId(String statementId) {
		return statementId.startsWith(LINEAGE_ONLY) ? statementId.substring(LINEAGE_ONLY.length()) : statementId;
	}

	/** The run of a statement: the same for every event of that statement, whoever sends it and when. */
	public static UUID runId(String source, String statementId) {
		return UUID.nameUUIDFromBytes((PREFIX + source + "|statement|" + statementId).getBytes(StandardCharsets.UTF_8));
	}

	/** The run of a job (its {@code job_run_id}) that statements of its tasks belong to. */
	public static UUID jobRunId(String source, String jobRunId) {
		return UUID.nameUUIDFromBytes((PREFIX + source + "|job_run|" + jobRunId).getBytes(StandardCharsets.UTF_8));
	}

}
