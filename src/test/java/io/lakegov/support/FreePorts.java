package io.lakegov.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;

/** A port on the loopback address that no one listens on, for a server a test starts. */
public final class FreePorts {

	private FreePorts() {
	}

	public static int loopback() {
		try (ServerSocket probe = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
			return probe.getLocalPort();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
