package io.lakegov.web;

import org.apache.catalina.Container;
import org.apache.catalina.Valve;
import org.apache.catalina.core.StandardHost;
import org.apache.catalina.valves.ErrorReportValve;
import org.apache.tomcat.util.buf.EncodedSolidusHandling;

import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;

/**
 * Hostile input that never reaches a controller still gets problem details: bodies over the limit are
 * refused first of all filters, and what Tomcat refuses itself is reported by {@link ProblemErrorReportValve}.
 * An encoded slash ({@code %2F}) stays encoded inside its path segment: a table addressed by storage path
 * ({@code delta.`s3://bucket/key`}) is one segment of {@code /api/v1/tables/{table}}, and the slash is
 * decoded only in the path variable, never where addresses are matched or authorised. A read request's
 * statements on the store are bounded in time ({@link ReadTimeouts}).
 */
@Configuration(proxyBeanMethods = false)
class ContainerConfig {

	@Bean
	FilterRegistrationBean<RequestSizeFilter> requestSizeFilter(WebProperties properties) {
		var registration = new FilterRegistrationBean<>(new RequestSizeFilter(properties.maxRequestSize().toBytes()));
		registration.setOrder(Ordered.HIGHEST_PRECEDENCE);
		registration.addUrlPatterns("/*");
		return registration;
	}

	/** Right after the size check: every read request's statements on the store are bounded. */
	@Bean
	FilterRegistrationBean<ReadTimeouts.Filter> readTimeoutFilter(WebProperties properties) {
		var registration = new FilterRegistrationBean<>(new ReadTimeouts.Filter(properties.queryTimeout()));
		registration.setOrder(Ordered.HIGHEST_PRECEDENCE + 1);
		registration.addUrlPatterns("/*");
		return registration;
	}

	/** A post-processor, so static: the pool is wrapped before anything takes it. */
	@Bean
	static ReadTimeouts.Wrapping readTimeoutPool() {
		return new ReadTimeouts.Wrapping();
	}

	@Bean
	WebServerFactoryCustomizer<TomcatServletWebServerFactory> problemErrorReports() {
		return new WebServerFactoryCustomizer<>() {
			@Override
			public void customize(TomcatServletWebServerFactory factory) {
				factory.addConnectorCustomizers(
						connector -> connector.setEncodedSolidusHandling(EncodedSolidusHandling.PASS_THROUGH.getValue()));
				factory.addContextCustomizers(context -> {
					Container parent = context.getParent();
					for (Valve valve : parent.getPipeline().getValves()) {
						if (valve instanceof ErrorReportValve && !(valve instanceof ProblemErrorReportValve)) {
							parent.getPipeline().removeValve(valve);
						}
					}
					if (parent instanceof StandardHost host) {
						host.setErrorReportValveClass(ProblemErrorReportValve.class.getName());
					}
					parent.getPipeline().addValve(new ProblemErrorReportValve());
				});
			}
		};
	}

}
