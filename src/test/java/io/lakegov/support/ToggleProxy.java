package io.lakegov.support;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A TCP forwarder on the loopback address that tests can stop and start again on the same port: while
 * stopped, connections are refused and open ones are cut, as when a warehouse goes away.
 */
public final class ToggleProxy implements AutoCloseable {

	private final int target;

	private final int port;

	private final Set<Socket> open = ConcurrentHashMap.newKeySet();

	private volatile ServerSocket listener;

	ToggleProxy(int target) throws IOException {
		this.target = target;
		try (ServerSocket probe = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
			this.port = probe.getLocalPort();
		}
	}

	public int port() {
		return port;
	}

	public synchronized void start() {
		if (listener != null) {
			return;
		}
		try {
			ServerSocket socket = new ServerSocket();
			socket.setReuseAddress(true);
			socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
			listener = socket;
			Thread acceptor = new Thread(() -> accept(socket), "toggle-proxy-" + port);
			acceptor.setDaemon(true);
			acceptor.start();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** Refuses new connections and cuts the open ones. */
	public synchronized void stop() {
		if (listener == null) {
			return;
		}
		closeQuietly(listener);
		listener = null;
		open.forEach(ToggleProxy::closeQuietly);
		open.clear();
	}

	@Override
	public void close() {
		stop();
	}

	private void accept(ServerSocket socket) {
		while (!socket.isClosed()) {
			try {
				Socket client = socket.accept();
				Socket server;
				try {
					server = new Socket(InetAddress.getLoopbackAddress(), target);
				}
				catch (IOException refused) {
					closeQuietly(client);
					continue;
				}
				open.add(client);
				open.add(server);
				pipe(client, server);
				pipe(server, client);
			}
			catch (IOException ex) {
				// stopped, or the warehouse refused: the client sees its connection closed
			}
		}
	}

	private void pipe(Socket from, Socket to) {
		Thread thread = new Thread(() -> {
			byte[] buffer = new byte[64 * 1024];
			try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
				int read;
				while ((read = in.read(buffer)) >= 0) {
					out.write(buffer, 0, read);
					out.flush();
				}
			}
			catch (IOException ex) {
				// cut by stop() or closed by a side
			}
			finally {
				closeQuietly(from);
				closeQuietly(to);
				open.remove(from);
				open.remove(to);
			}
		}, "toggle-proxy-pipe");
		thread.setDaemon(true);
		thread.start();
	}

	private static void closeQuietly(java.io.Closeable closeable) {
		try {
			closeable.close();
		}
		catch (IOException ex) {
			// already closed
		}
	}

}
