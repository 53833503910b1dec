package io.lakegov.history.demo;

import java.time.Clock;

import io.lakegov.history.DemoSources;
import io.lakegov.history.SourceDatabase;
import io.lakegov.history.SourceSettings;
import io.lakegov.history.Sources;

import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.type.AnnotatedTypeMetadata;
import org.springframework.scheduling.TaskScheduler;
import org.springframework.util.StringUtils;

/** Starts the demo workload when {@code lakegov.demo.enabled} is true, or unset with no source URL. */
@Configuration(proxyBeanMethods = false)
@Conditional(DemoConfig.DemoEnabled.class)
class DemoConfig {

	@Bean
	DemoWarehouse demoWarehouse(SourceDatabase source, DemoProperties properties) {
		return new DemoWarehouse(source, properties.maskedShare());
	}

	@Bean
	DemoRunner demoRunner(DemoWarehouse warehouse, DemoProperties properties, TaskScheduler scheduler, Clock clock,
			Sources sources, DemoSources marks) {
		return new DemoRunner(warehouse, properties, scheduler, clock, marks, sources.primary().name());
	}

	static class DemoEnabled extends SpringBootCondition {

		@Override
		public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
			String enabled = context.getEnvironment().getProperty("lakegov.demo.enabled");
			if (StringUtils.hasText(enabled)) {
				return Boolean.parseBoolean(enabled.strip()) ? ConditionOutcome.match("lakegov.demo.enabled=true")
						: ConditionOutcome.noMatch("lakegov.demo.enabled=false");
			}
			boolean source = StringUtils.hasText(context.getEnvironment().getProperty("lakegov.source.url"))
					|| Binder.get(context.getEnvironment()).bind("lakegov.sources", Bindable.listOf(SourceSettings.class)).isBound();
			return source ? ConditionOutcome.noMatch("a source is configured")
					: ConditionOutcome.match("no source configured: demo warehouse");
		}

	}

}
