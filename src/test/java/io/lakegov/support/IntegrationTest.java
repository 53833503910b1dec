package io.lakegov.support;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Import;
import org.springframework.core.annotation.AliasFor;

/**
 * A test of the whole service on a random port against a real PostgreSQL (see
 * {@link TestDatabaseConfiguration}), with scheduling and the demo workload off so that tests drive
 * everything themselves.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@Import(TestDatabaseConfiguration.class)
public @interface IntegrationTest {

	/** The test configuration's admin key (a bare key means admin). */
	String API_KEY = "test-api-key";

	String VIEWER_KEY = "test-viewer-key";

	String OPERATOR_KEY = "test-operator-key";

	/** Extra properties on top of the test defaults. */
	@AliasFor(annotation = SpringBootTest.class, attribute = "properties")
	String[] properties() default {};

}
