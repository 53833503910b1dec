package io.lakegov.web;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The least role an operation needs, on a controller method or on its class. An {@code /api} operation
 * that declares none is refused to everyone, and its OpenAPI description lacks the role, which the role
 * matrix test reports.
 */
@Target({ ElementType.METHOD, ElementType.TYPE })
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface RequiredRole {

	Role value();

}
