package io.lakegov.watch.outbox;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.List;

import io.lakegov.watch.WatchProperties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.util.unit.DataSize;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class TargetGuardTests {

	static final TargetGuard GUARD = new TargetGuard(properties(false));

	@ParameterizedTest
	@ValueSource(strings = { "127.0.0.1", "127.1.2.3", "10.0.0.8", "172.16.5.4", "192.168.1.1", "169.254.169.254", "0.0.0.0",
			"100.64.0.1", "224.0.0.1", "::1", "fe80::1", "fd00:ec2::254", "fc00::5", "::ffff:127.0.0.1", "::ffff:169.254.169.254",
			"::", "::10.0.0.1", "64:ff9b::a9fe:a9fe", "64:ff9b::7f00:1", "2002:c0a8:101::1", "2002:a9fe:a9fe::", "198.18.0.1",
			"198.19.255.254", "240.0.0.1", "255.255.255.255", "168.63.129.16", "fec0::1" })
	void refusesAddressesInsideTheNetworkOrTheHost(String address) throws UnknownHostException {
		assertThat(TargetGuard.refused(InetAddress.getByName(address))).isTrue();
	}

	@ParameterizedTest
	@ValueSource(strings = { "8.8.8.8", "203.0.113.10", "100.128.0.1", "172.32.0.1", "2001:4860:4860::8888", "64:ff9b::808:808",
			"2002:808:808::1", "198.20.0.1", "168.63.129.17" })
	void allowsPublicAddresses(String address) throws UnknownHostException {
		assertThat(TargetGuard.refused(InetAddress.getByName(address))).isFalse();
	}

	@ParameterizedTest
	@ValueSource(strings = { "https://127.0.0.1/hook", "https://169.254.169.254/latest/meta-data",
			"https://[::1]:8443/hook", "https://10.1.2.3/hook", "https://localhost/hook", "http://8.8.8.8/hook" })
	void refusesUrlsOfPrivateTargetsAndPlainHttp(String url) {
		assertThatIllegalArgumentException().isThrownBy(() -> GUARD.check(url));
	}

	@Test
	void allowsAPublicHttpsUrl() {
		assertThat(GUARD.check("https://8.8.8.8/hook")).hasToString("https://8.8.8.8/hook");
	}

	@Test
	void allowsLoopbackOverHttpWhenPrivateTargetsAreAllowed() {
		assertThat(new TargetGuard(properties(true)).check("http://127.0.0.1:8081/hook").getPort()).isEqualTo(8081);
	}

	static WatchProperties properties(boolean allowPrivate) {
		return new WatchProperties(true, Duration.ofDays(90), allowPrivate, Duration.ofSeconds(2), 5,
				Duration.ofMinutes(1), Duration.ofSeconds(10), Duration.ofHours(1), Duration.ofDays(1),
				Duration.ofSeconds(3), Duration.ofSeconds(5), DataSize.ofKilobytes(64), Duration.ofMinutes(1), List.of());
	}

}
