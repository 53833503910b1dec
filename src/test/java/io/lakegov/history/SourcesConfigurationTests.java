package io.lakegov.history;

import java.time.Duration;
import java.util.List;

import javax.sql.DataSource;

import org.junit.jupiter.api.Test;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class SourcesConfigurationTests {

	final ApplicationContextRunner context = new ApplicationContextRunner().withUserConfiguration(Store.class,
			SourceConfig.class);

	@Test
	void bindsTheListWithEachSourcesDefaults() {
		context.withPropertyValues("lakegov.sources[0].name=eu", "lakegov.sources[0].url=jdbc:databricks://eu:443",
				"lakegov.sources[0].own-principals=sp-eu", "lakegov.sources[1].name=us-east",
				"lakegov.sources[1].url=jdbc:databricks://us:443", "lakegov.sources[1].table=c.s.history",
				"lakegov.sources[1].fetch-size=50", "lakegov.sources[1].columns-table=c.s.columns",
				"lakegov.sources[2].name=ap",
				"lakegov.sources[2].url=jdbc:databricks://ap:443", "lakegov.sources[2].enabled=false")
			.run(started -> {
				assertThat(started).hasNotFailed();
				Sources sources = started.getBean(Sources.class);
				assertThat(sources.names()).containsExactly("eu", "us-east");
				assertThat(sources.disabled()).containsExactly("ap");
				HistorySource eu = sources.find("eu").orElseThrow();
				assertThat(eu.database().historyTable()).isEqualTo("system.query.history");
				assertThat(eu.database().inventoryTable()).isEqualTo("system.information_schema.tables");
				assertThat(eu.database().columnsTable()).isEqualTo("system.information_schema.columns");
				assertThat(eu.fetchSize()).isEqualTo(1000);
				assertThat(eu.queryTimeout()).isEqualTo(Duration.ofMinutes(30));
				assertThat(eu.own().isOwn("sp-eu", null)).isTrue();
				HistorySource us = sources.find("us-east").orElseThrow();
				assertThat(us.database().historyTable()).isEqualTo("c.s.history");
				assertThat(us.fetchSize()).isEqualTo(50);
				assertThat(us.database().columnsTable()).isEqualTo("c.s.columns");
				assertThat(us.own().isOwn("sp-eu", null)).as("own principals are per source").isFalse();
				assertThat(started.getBean(SourceDatabase.class)).isSameAs(eu.database());
			});
	}

	@Test
	void theSingleSourceFormIsTheSourceNamedDefault() {
		context.withPropertyValues("lakegov.source.url=jdbc:databricks://h:443", "lakegov.source.table=a.b.c")
			.run(started -> {
				Sources sources = started.getBean(Sources.class);
				assertThat(sources.names()).containsExactly("default");
				assertThat(sources.only().orElseThrow().database().historyTable()).isEqualTo("a.b.c");
			});
	}

	@Test
	void refusesToStartWithEveryMistakeOfTheListNamed() {
		context.withPropertyValues("lakegov.sources[0].name=EU", "lakegov.sources[0].url=jdbc:databricks://eu:443",
				"lakegov.sources[1].name=us", "lakegov.sources[2].name=us", "lakegov.sources[2].url=jdbc:x:y",
				"lakegov.sources[2].table=x; DROP TABLE y", "lakegov.sources[2].columns-table=a.b.c.d",
				"lakegov.sources[2].fetch-size=0",
				"lakegov.sources[3].url=jdbc:x:z")
			.run(started -> assertThat(started).getFailure()
				.rootCause()
				.hasMessageContaining("lakegov.sources[0].name 'EU' is not a source name")
				.hasMessageContaining("lakegov.sources[1].url is missing")
				.hasMessageContaining("lakegov.sources[2].name 'us' is already the name of lakegov.sources[1]")
				.hasMessageContaining("lakegov.sources[2].table must be a plain [catalog.]schema.table name")
				.hasMessageContaining("lakegov.sources[2].columns-table must be a plain [catalog.]schema.table name")
				.hasMessageContaining("lakegov.sources[2].fetch-size must be between 1 and 100000")
				.hasMessageContaining("lakegov.sources[3].name is missing"));
	}

	@Test
	void refusesTheListTogetherWithTheSingleSourceForm() {
		context.withPropertyValues("lakegov.source.url=jdbc:databricks://h:443", "lakegov.sources[0].name=eu",
				"lakegov.sources[0].url=jdbc:databricks://eu:443")
			.run(started -> assertThat(started).getFailure()
				.rootCause()
				.hasMessageContaining("lakegov.sources and lakegov.source.url/username/password are both given"));
	}

	@Test
	void refusesAListWithNoSourceEnabled() {
		assertThatExceptionOfType(SourceSettingsCheck.InvalidSourcesException.class)
			.isThrownBy(() -> SourceSettingsCheck.check(List.of(settings("eu", false), settings("us", false)), false))
			.withMessageContaining("no source is enabled");
	}

	private static SourceSettings settings(String name, boolean enabled) {
		return new SourceSettings(name, "jdbc:databricks://h:443", null, null, "system.query.history",
				"system.information_schema.tables", 1000, Duration.ofMinutes(1), 2, Duration.ofSeconds(30), List.of(),
				"system.access.table_lineage", "system.information_schema.columns", enabled, Duration.ofSeconds(5));
	}

	@Configuration(proxyBeanMethods = false)
	@EnableConfigurationProperties({ SourceProperties.class, SourceListProperties.class })
	static class Store {

		@Bean
		DataSource store() {
			return new DriverManagerDataSource("jdbc:postgresql://127.0.0.1:1/none");
		}

	}

}
