package io.lakegov.archive;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * The archive of query history, analyses and usage facts as Delta tables in the customer's own lakehouse,
 * written through each source's SQL Warehouse connection.
 *
 * @param enabled whether statements are queued for the archive and written to it
 * @param schema the {@code catalog.schema} the archive's tables live in, for every source without an entry
 * in {@code schemas}; it must exist, and the principal needs USE CATALOG, USE SCHEMA, CREATE TABLE, MODIFY
 * and SELECT on it
 * @param schemas per source name, its own {@code catalog.schema} (one per region, as the sources are)
 * @param interval how long the archiver waits between looks at the outbox
 * @param batchStatements statements written per round (one MERGE per archive table, split further by size)
 * @param maxStatementSize how large one SQL statement sent to the warehouse may grow
 * @param lease how long a replica holds a source's archive; longer than a round may take
 * @param retryInitial the pause after a failed round, doubling with each further failure
 * @param retryMax the longest pause between two attempts
 * @param queryTimeout how long one statement on the warehouse may run
 * @param scheduleEnabled whether the archiver runs in the background (tests call it themselves)
 */
@ConfigurationProperties("lakegov.archive")
public record ArchiveProperties(@DefaultValue("false") boolean enabled, String schema,
		@DefaultValue Map<String, String> schemas, @DefaultValue("30s") Duration interval,
		@DefaultValue("1000") int batchStatements, @DefaultValue("4MB") DataSize maxStatementSize,
		@DefaultValue("10m") Duration lease, @DefaultValue("30s") Duration retryInitial,
		@DefaultValue("30m") Duration retryMax, @DefaultValue("10m") Duration queryTimeout,
		@DefaultValue("true") boolean scheduleEnabled) {

	/** A {@code catalog.schema} name: two plain identifiers. */
	static final Pattern SCHEMA = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0,254}\\.[A-Za-z_][A-Za-z0-9_]{0,254}");

	public ArchiveProperties {
		schemas = schemas == null ? Map.of() : Map.copyOf(schemas);
		if (schema != null && !schema.isBlank() && !SCHEMA.matcher(schema).matches()) {
			throw new IllegalArgumentException("lakegov.archive.schema must be catalog.schema (plain names), was " + schema);
		}
		schemas.forEach((source, name) -> {
			if (name == null || !SCHEMA.matcher(name).matches()) {
				throw new IllegalArgumentException(
						"lakegov.archive.schemas." + source + " must be catalog.schema (plain names), was " + name);
			}
		});
		if (batchStatements < 1 || batchStatements > 50_000) {
			throw new IllegalArgumentException("lakegov.archive.batch-statements must be between 1 and 50000");
		}
		if (maxStatementSize.toBytes() < 64 * 1024) {
			throw new IllegalArgumentException("lakegov.archive.max-statement-size must be at least 64KB");
		}
		if (interval.isNegative() || interval.isZero() || lease.compareTo(Duration.ofSeconds(30)) < 0) {
			throw new IllegalArgumentException("lakegov.archive.interval must be positive and lease at least 30s");
		}
		if (retryInitial.isNegative() || retryInitial.isZero() || retryMax.compareTo(retryInitial) < 0) {
			throw new IllegalArgumentException("lakegov.archive.retry-initial must be positive and at most retry-max");
		}
		if (queryTimeout.toSeconds() < 1) {
			throw new IllegalArgumentException("lakegov.archive.query-timeout must be at least 1s");
		}
	}

	/** The {@code catalog.schema} of the source's archive, if it has one. */
	public Optional<String> schemaOf(String source) {
		String own = schemas.get(source);
		if (own != null) {
			return Optional.of(own);
		}
		return schema == null || schema.isBlank() ? Optional.empty() : Optional.of(schema);
	}

}
