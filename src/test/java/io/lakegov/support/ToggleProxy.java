package io.lakegov.support;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * A TCP forwarder on the loopback address that tests can stop and start again on the same port: while
 * stopped, connections are refused and open ones are cut, as when a warehouse goes away. While hanging,
 * connections are accepted and never answered, as by a warehouse that is starting or a network that drops
 * packets.
 */
public final class ToggleProxy implements AutoCloseable {

	private final int target;

	private final int port;

	private final Set<Socket> open = ConcurrentHashMap.newKeySet();

	private volatile ServerSocket listener;

	private volatile boolean forwarding;

	public ToggleProxy(int target) throws IOException {
		this.target = target;
		this.port = FreePorts.loopback();
	}

	public int port() {
		return port;
	}

	/** Forwards connections to the target. */
	public synchronized void start() {
		listen(true);
	}

	/** Cuts the open connections, then accepts new ones and never answers them until stopped. */
	public synchronized void hang() {
		stop();
		listen(false);
	}

	private void listen(boolean forward) {
		if (listener != null) {
			return;
		}
		forwarding = forward;
		ServerSocket socket = bind();
		listener = socket;
		Thread acceptor = new Thread(() -> accept(socket), "toggle-proxy-" + port);
		acceptor.setDaemon(true);
		acceptor.start();
	}

	/** Binds the port, waiting a little while connections just cut still hold it. */
	private ServerSocket bind() {
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
		while (true) {
			try {
				ServerSocket socket = new ServerSocket();
				socket.setReuseAddress(true);
				try {
					socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
					return socket;
				}
				catch (BindException ex) {
					socket.close();
					if (System.nanoTime() > deadline) {
						throw ex;
					}
				}
				Thread.sleep(50);
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new IllegalStateException(ex);
			}
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
				if (!forwarding) {
					open.add(client);
					continue;
				}
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
