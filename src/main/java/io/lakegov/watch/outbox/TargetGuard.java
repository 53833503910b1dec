package io.lakegov.watch.outbox;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.Locale;

import io.lakegov.watch.WatchProperties;

import org.springframework.stereotype.Component;

/**
 * Keeps deliveries away from what a caller of the API should not reach through lakegov: a receiver's URL
 * must be absolute http(s) without credentials in it, and every address its host resolves to must be public,
 * neither loopback, link-local (where cloud metadata services answer), private, unique-local, carrier-grade
 * NAT nor multicast, unless {@code lakegov.watch.allow-private-targets} is set; plain http only then too.
 * Checked when a watch is created and again before every delivery, since what a name resolves to changes.
 */
@Component
public class TargetGuard {

	public static final int MAX_URL = 2000;

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
			// 0.0.0.0/8 "this network", 100.64.0.0/10 carrier-grade NAT, 192.0.0.0/24 protocol assignments
			return first == 0 || first == 100 && second >= 64 && second < 128
					|| first == 192 && second == 0 && (bytes[2] & 0xff) == 0;
		}
		if (address instanceof Inet6Address) {
			// fc00::/7 unique-local (fd00:ec2::254 is a cloud metadata address)
			return (bytes[0] & 0xfe) == 0xfc;
		}
		return false;
	}

}
