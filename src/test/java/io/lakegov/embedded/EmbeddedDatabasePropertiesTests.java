package io.lakegov.embedded;

import java.nio.file.Path;
import java.time.Duration;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class EmbeddedDatabasePropertiesTests {

	@ParameterizedTest
	@ValueSource(strings = { "512MB", "2GB", "65536kB", "1TB" })
	void acceptsPostgresqlSizes(String size) {
		var properties = new EmbeddedDatabaseProperties(true, Path.of(".lakegov"), 0, size, size, Duration.ofSeconds(5));
		assertThat(properties.sharedBuffers()).isEqualTo(size);
	}

	@ParameterizedTest
	@ValueSource(strings = { "", "512", "512mb", "0MB", "1 GB", "1GB; DROP", "-1GB", "512MB\n-c fsync=off" })
	void refusesAnythingElse(String size) {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new EmbeddedDatabaseProperties(true, Path.of(".lakegov"), 0, size, "1GB", Duration.ofSeconds(5)))
			.withMessageContaining("lakegov.embedded.shared-buffers");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new EmbeddedDatabaseProperties(true, Path.of(".lakegov"), 0, "1GB", size, Duration.ofSeconds(5)))
			.withMessageContaining("lakegov.embedded.max-wal-size");
	}

	@ParameterizedTest
	@ValueSource(strings = { "PT0S", "PT0.05S", "-PT5S", "PT2H" })
	void refusesAWatchIntervalOutOfRange(String interval) {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new EmbeddedDatabaseProperties(true, Path.of(".lakegov"), 0, "1GB", "1GB",
					Duration.parse(interval)))
			.withMessageContaining("lakegov.embedded.watch-interval");
	}

}
