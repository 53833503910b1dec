package io.lakegov.warehouse;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

import org.apache.spark.sql.SparkSession;

/** Creates what every warehouse starts with, from the scripts beside this class. */
final class Seed {

	private Seed() {
	}

	/** {@code system.query.history}, {@code system.information_schema.tables} and {@code system.access.table_lineage}. */
	static void systemTables(SparkSession spark) {
		run(spark, "system-tables.sql");
	}

	/** Delta tables with several versions, changed retention settings and a VACUUM. */
	static void lakehouse(SparkSession spark) {
		run(spark, "lakehouse.sql");
	}

	private static void run(SparkSession spark, String script) {
		try (InputStream in = Seed.class.getResourceAsStream(script)) {
			if (in == null) {
				throw new IllegalStateException("missing seed script " + script);
			}
			for (String statement : SqlScript.statements(new String(in.readAllBytes(), StandardCharsets.UTF_8))) {
				long started = System.nanoTime();
				spark.sql(statement).collect();
				System.out.printf("seed %5.1f s  %s%n", (System.nanoTime() - started) / 1e9,
						statement.lines().filter(line -> !line.startsWith("--")).findFirst().orElse(""));
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
