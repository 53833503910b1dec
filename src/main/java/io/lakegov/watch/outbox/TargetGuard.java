package io.lakegov.watch.outbox;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.Locale;

import io.lakegov.watch.WatchProperties;
import org.jspecify.annotations.Nullable;

import org.springframework.stereotype.Component;

/**
 * Keeps deliveries away from what a caller of the API should not reach through lakegov: a receiver's URL
 * must be absolute http(s) without credentials in it, and every address its host resolves to must be public,
 * neither loopback, link-local (where cloud metadata services answer), private, unique-local, carrier-grade
 * NAT, reserved nor multicast (nor an IPv6 address that carries such an IPv4 address), unless {@code lakegov.watch.allow-private-targets} is set; plain http only then too.
 * Checked when a watch is created and again before every delivery, since what a name resolves to changes.
 */
@Component
public class TargetGuard {

	public static final int MAX_URL = 2000;

	/** Azure's wire server (DHCP, health, the VM agent's configuration), on a public address. */
	private static final InetAddress AZURE_WIRE_SERVER = ipv4(new byte[] { (byte) 168, 63, (byte) 129, 16 });

	private final boolean allowPrivate;

	TargetGuard(WatchProperties properties) {
		this.allowPrivate = properties.allowPrivateTargets();
	}

	/**
	 * The URL when it may be delivered to.
	 *
	 * @throws IllegalArgumentException saying why not
	 */
	public URI check(String url) {
		if (url == null || url.isBlank()) {
			throw new IllegalArgumentException("webhook url is missing");
		}
		if (url.length() > MAX_URL) {
			throw new IllegalArgumentException("webhook url is longer than " + MAX_URL + " characters");
		}
		URI uri;
		try {
			uri = new URI(url.strip());
		}
		catch (URISyntaxException ex) {
			throw new IllegalArgumentException("webhook url is not a URL: " + ex.getReason());
		}
		String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
		if (!scheme.equals("https") && !(allowPrivate && scheme.equals("http"))) {
			throw new IllegalArgumentException("webhook url must be https");
		}
		if (uri.getHost() == null || uri.getRawUserInfo() != null || uri.getRawFragment() != null) {
			throw new IllegalArgumentException("webhook url must name a host, without credentials or fragment");
		}
		resolvable(uri.getHost());
		return uri;
	}

	/**
	 * Checks every address the host resolves to now.
	 *
	 * @throws IllegalArgumentException when it does not resolve or one address is refused
	 */
	public void resolvable(String host) {
		InetAddress[] addresses;
		try {
			addresses = InetAddress.getAllByName(host);
		}
		catch (UnknownHostException ex) {
			throw new IllegalArgumentException("webhook host " + host + " does not resolve");
		}
		if (allowPrivate) {
			return;
		}
		for (InetAddress address : addresses) {
			if (refused(address)) {
				throw new IllegalArgumentException("webhook host " + host + " resolves to " + address.getHostAddress()
						+ ", a loopback, link-local, private or metadata address");
			}
		}
	}

	static boolean refused(InetAddress address) {
		if (address.isAnyLocalAddress() || address.isLoopbackAddress() || address.isLinkLocalAddress()
				|| address.isSiteLocalAddress() || address.isMulticastAddress()) {
			return true;
		}
		byte[] bytes = address.getAddress();
		if (address instanceof Inet4Address) {
			int first = bytes[0] & 0xff;
			int second = bytes[1] & 0xff;
			// 0.0.0.0/8 "this network", 100.64.0.0/10 carrier-grade NAT, 192.0.0.0/24 protocol assignments,
			// 198.18.0.0/15 benchmarking, 240.0.0.0/4 reserved and broadcast, Azure's wire server
			return first == 0 || first == 100 && second >= 64 && second < 128
					|| first == 192 && second == 0 && (bytes[2] & 0xff) == 0 || first == 198 && (second & 0xfe) == 18
					|| first >= 240 || AZURE_WIRE_SERVER.equals(address);
		}
		if (address instanceof Inet6Address) {
			// fc00::/7 unique-local (fd00:ec2::254 is a cloud metadata address), fec0::/10 site-local
			if ((bytes[0] & 0xfe) == 0xfc) {
				return true;
			}
			// an IPv4 address inside: IPv4-compatible ::a.b.c.d, NAT64 64:ff9b::/96, 6to4 2002::/16
			InetAddress inside = embeddedIpv4(bytes);
			return inside != null && refused(inside);
		}
		return false;
	}

	private static @Nullable InetAddress embeddedIpv4(byte[] bytes) {
		boolean zeroPrefix = true;
		for (int i = 0; i < 12; i++) {
			zeroPrefix &= bytes[i] == 0;
		}
		if (zeroPrefix) {
			return ipv4(Arrays.copyOfRange(bytes, 12, 16));
		}
		boolean nat64 = bytes[0] == 0 && bytes[1] == 0x64 && bytes[2] == (byte) 0xff && bytes[3] == (byte) 0x9b;
		for (int i = 4; nat64 && i < 12; i++) {
			nat64 = bytes[i] == 0;
		}
		if (nat64) {
			return ipv4(Arrays.copyOfRange(bytes, 12, 16));
		}
		if (bytes[0] == 0x20 && bytes[1] == 0x02) {
			return ipv4(Arrays.copyOfRange(bytes, 2, 6));
		}
		return null;
	}

	private static InetAddress ipv4(byte[] bytes) {
		try {
			return InetAddress.getByAddress(bytes);
		}
		catch (UnknownHostException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
