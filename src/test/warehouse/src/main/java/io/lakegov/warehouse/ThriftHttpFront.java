package io.lakegov.warehouse;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import org.apache.hive.service.rpc.thrift.TCLIService;
import org.apache.hive.service.rpc.thrift.TGetResultSetMetadataResp;
import org.apache.thrift.TException;
import org.apache.thrift.protocol.TBinaryProtocol;
import org.apache.thrift.transport.TIOStreamTransport;

/**
 * The warehouse's HTTP endpoint, as a SQL Warehouse offers it: Thrift's binary protocol in HTTP POST
 * bodies at one path. Each request goes through {@link DatabricksProtocolShim} into
 * {@link DatabricksShimService} and on to Spark. Authentication is not checked: the warehouse binds to
 * the loopback address only.
 */
final class ThriftHttpFront implements AutoCloseable {

	private final HttpServer server;

	private final ExecutorService workers = Executors.newFixedThreadPool(8);

	private final TCLIService.Processor<DatabricksShimService> processor;

	private final ThreadLocal<TGetResultSetMetadataResp> pendingMetadata;

	ThriftHttpFront(InetSocketAddress address, String path, TCLIService.Iface spark, DatabricksShimService.FetchLog log)
			throws IOException {
		this.pendingMetadata = new ThreadLocal<>();
		this.processor = new TCLIService.Processor<>(new DatabricksShimService(spark, pendingMetadata, log));
		this.server = HttpServer.create(address, 64);
		this.server.createContext(path, this::handle);
		this.server.setExecutor(workers);
	}

	void start() {
		server.start();
	}

	int port() {
		return server.getAddress().getPort();
	}

	private void handle(HttpExchange exchange) throws IOException {
		try (exchange) {
			if (!"POST".equals(exchange.getRequestMethod())) {
				exchange.sendResponseHeaders(405, -1);
				return;
			}
			ByteArrayOutputStream response = new ByteArrayOutputStream();
			try (InputStream body = exchange.getRequestBody()) {
				TBinaryProtocol binaryIn = new TBinaryProtocol(new TIOStreamTransport(body));
				TBinaryProtocol binaryOut = new TBinaryProtocol(new TIOStreamTransport(response));
				processor.process(new DatabricksProtocolShim(binaryIn, pendingMetadata),
						new DatabricksProtocolShim(binaryOut, pendingMetadata));
			}
			catch (TException ex) {
				byte[] message = String.valueOf(ex.getMessage()).getBytes(java.nio.charset.StandardCharsets.UTF_8);
				exchange.sendResponseHeaders(500, message.length);
				exchange.getResponseBody().write(message);
				return;
			}
			finally {
				pendingMetadata.remove();
			}
			exchange.getResponseHeaders().set("Content-Type", "application/x-thrift");
			exchange.sendResponseHeaders(200, response.size());
			try (OutputStream out = exchange.getResponseBody()) {
				response.writeTo(out);
			}
		}
	}

	@Override
	public void close() {
		server.stop(0);
		workers.shutdownNow();
	}

}
