package io.lakegov.archive;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import io.lakegov.support.WarehouseIntegrationTest;

/**
 * A test of the archive in the test warehouse: the service reads the warehouse's history and archives into
 * {@value #SCHEMA}, with the archiver called by the test (small rounds, retries at once) and detail retention
 * on (days older than {@value #DETAIL_RETENTION_DAYS} close when the test asks). One configuration,
 * so that the test classes share one application context.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@WarehouseIntegrationTest(properties = { "lakegov.source.fetch-size=250", "lakegov.ingest.batch-size=2000",
		"lakegov.ingest.retries=0", "lakegov.source.own-principals=lakegov-sp", "lakegov.source.request-timeout=2m",
		"lakegov.source.connection-timeout=5s", "lakegov.history.keep-raw-text=true", "lakegov.archive.enabled=true",
		"lakegov.archive.schema=" + ArchiveWarehouseTest.SCHEMA, "lakegov.archive.schedule-enabled=false",
		"lakegov.archive.batch-statements=5", "lakegov.archive.retry-initial=1ms", "lakegov.archive.retry-max=2ms",
		"lakegov.store.detail-retention=" + ArchiveWarehouseTest.DETAIL_RETENTION_DAYS + "d", "lakegov.store.detail-shed-batch=3" })
@interface ArchiveWarehouseTest {

	String SCHEMA = "spark_catalog.lakegov_archive";

	/** The store keeps this many days of detail; the other tests' statements are all younger. */
	int DETAIL_RETENTION_DAYS = 400;

}
