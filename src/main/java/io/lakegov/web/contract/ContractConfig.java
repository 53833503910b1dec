package io.lakegov.web.contract;

import org.springdoc.core.customizers.OpenApiCustomizer;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;

/** What the OpenAPI contract declares for every operation of every module, whoever adds it. */
@Configuration(proxyBeanMethods = false)
class ContractConfig {

	/** Last, so that it sees the schemas and responses every other customizer added. */
	@Bean
	@Order(Ordered.LOWEST_PRECEDENCE)
	OpenApiCustomizer responseBounds() {
		return new ResponseBounds();
	}

	@Bean
	@Order(Ordered.LOWEST_PRECEDENCE)
	OpenApiCustomizer localServer() {
		return new LocalServer();
	}

}
