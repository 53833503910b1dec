package io.lakegov.support;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.springframework.boot.test.util.TestPropertyValues;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.annotation.AliasFor;
import org.springframework.test.context.ContextConfiguration;

/**
 * A test of the whole service reading the {@link TestWarehouse} through the Databricks JDBC driver, as
 * it reads a SQL Warehouse: small fetches and batches so that a few thousand rows stream in many round
 * trips, and {@code lakegov-sp} as the principal lakegov reads the source as. Requests wait for the
 * warehouse as long as it takes (a Spark engine on a busy test machine answers its first statements
 * slowly): these tests check what is read, the request bound is tested against PostgreSQL.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@IntegrationTest
@ContextConfiguration(initializers = WarehouseIntegrationTest.Source.class)
public @interface WarehouseIntegrationTest {

	/** Extra properties on top of the warehouse test defaults. */
	@AliasFor(annotation = IntegrationTest.class, attribute = "properties")
	String[] properties() default { "lakegov.source.fetch-size=250", "lakegov.ingest.batch-size=2000",
			"lakegov.ingest.retries=2", "lakegov.source.own-principals=lakegov-sp", "lakegov.source.request-timeout=2m" };

	/** Points the source at the test warehouse, started on first use. */
	class Source implements ApplicationContextInitializer<ConfigurableApplicationContext> {

		@Override
		public void initialize(ConfigurableApplicationContext context) {
			TestPropertyValues.of("lakegov.source.url=" + TestWarehouse.instance().url()).applyTo(context);
		}

	}

}
