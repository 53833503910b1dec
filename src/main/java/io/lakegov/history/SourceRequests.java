package io.lakegov.history;

import java.time.Duration;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.springframework.beans.factory.DisposableBean;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * The source as HTTP requests read it: the first enabled source (where the table metadata comes from),
 * each request waiting for it at most {@code lakegov.source.request-timeout} in all, however long
 * ingestion's {@code connection-timeout} lets a pool wait for a warehouse that is starting.
 * <p>
 * Reads run on a few threads of their own, so that the request thread stops waiting at its bound even
 * when the driver does not (a login to a warehouse that is starting, a server that accepts and never
 * answers); each statement also carries the bound as its query timeout, so that the source gives up on it
 * too. Reads beyond what the threads and their queue hold are not tried: the source is then taken as
 * out of reach, which keeps a hung source from piling up requests.
 */
@Component
public class SourceRequests implements DisposableBean {

	static final int THREADS = 4;

	static final int QUEUED = 64;

	private final SourceDatabase database;

	private final Duration timeout;

	private final JdbcClient jdbc;

	private final ThreadPoolExecutor readers;

	SourceRequests(Sources sources) {
		HistorySource primary = sources.primary();
		this.database = primary.database();
		this.timeout = primary.requestTimeout();
		JdbcTemplate template = new JdbcTemplate(database.dataSource());
		template.setQueryTimeout((int) Math.max(1, (timeout.toMillis() + 999) / 1000));
		this.jdbc = JdbcClient.create(template);
		AtomicInteger count = new AtomicInteger();
		this.readers = new ThreadPoolExecutor(THREADS, THREADS, 30, TimeUnit.SECONDS, new ArrayBlockingQueue<>(QUEUED),
				runnable -> {
					Thread thread = new Thread(runnable, "lakegov-source-request-" + count.incrementAndGet());
					thread.setDaemon(true);
					return thread;
				});
		this.readers.allowCoreThreadTimeOut(true);
	}

	/** The source's database: its table names and whether it is Databricks. */
	public SourceDatabase database() {
		return database;
	}

	/** How long one request may wait for the source in all. */
	public Duration timeout() {
		return timeout;
	}

	/** Starts one request's reads: they share its bound, and stop trying once the source is out of reach. */
	public SourceVisit visit() {
		return new SourceVisit(jdbc, readers, timeout);
	}

	@Override
	public void destroy() {
		readers.shutdownNow();
	}

}
