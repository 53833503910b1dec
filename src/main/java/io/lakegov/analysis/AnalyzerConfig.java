package io.lakegov.analysis;

import io.lakegov.sql.AnalyzerSettings;
import io.lakegov.sql.StatementAnalyzer;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Wires the framework-free analyser into the service. */
@Configuration(proxyBeanMethods = false)
class AnalyzerConfig {

	@Bean
	StatementAnalyzer statementAnalyzer(AnalysisProperties properties) {
		return new StatementAnalyzer(
				new AnalyzerSettings((int) properties.maxSqlSize().toBytes(), properties.timeBudget()));
	}

}
