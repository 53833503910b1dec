package io.lakegov.web;

import java.io.IOException;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.dao.QueryTimeoutException;
import org.springframework.jdbc.datasource.ConnectionProxy;
import org.springframework.jdbc.datasource.DelegatingDataSource;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Bounds how long one statement of a read request may run on the store. While a request that only reads
 * ({@code GET}, {@code HEAD}) holds a connection, the store cancels any of its statements that runs longer
 * than {@code lakegov.web.query-timeout} (PostgreSQL's {@code statement_timeout}, set when the request takes
 * the connection and reset when it gives it back), and the caller gets a 503 that says to ask for less
 * ({@link ProblemDetailsAdvice}): a hostile or unlucky deep page does not hold a connection of the pool for as
 * long as it takes. Ingestion, watches and all other background work keep their statements unbounded.
 */
public final class ReadTimeouts {

	/** What a caller whose read took too long is told, on the API and on the pages. */
	public static final String TOO_SLOW = "The store took longer to answer than lakegov allows a read "
			+ "(lakegov.web.query-timeout). Ask for less (fewer days, an earlier or a smaller page) or try again "
			+ "when the service is less busy.";

	private static final Logger log = LoggerFactory.getLogger(ReadTimeouts.class);

	private static final ThreadLocal<Duration> CURRENT = new ThreadLocal<>();

	private ReadTimeouts() {
	}

	/** Whether a failure, or one of its causes, is a statement the store cancelled for taking too long. */
	public static boolean timedOut(@Nullable Throwable failure) {
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			if (cause instanceof QueryTimeoutException) {
				return true;
			}
			if (cause instanceof SQLException sql && "57014".equals(sql.getSQLState())) {
				return true;
			}
		}
		return false;
	}

	/** Marks the thread of a read request with the time its statements may take. */
	static final class Filter extends OncePerRequestFilter {

		private final Duration limit;

		Filter(Duration limit) {
			this.limit = limit;
		}

		@Override
		protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
				throws ServletException, IOException {
			if (limit.isZero() || !("GET".equals(request.getMethod()) || "HEAD".equals(request.getMethod()))) {
				chain.doFilter(request, response);
				return;
			}
			CURRENT.set(limit);
			try {
				chain.doFilter(request, response);
			}
			finally {
				CURRENT.remove();
			}
		}

	}

	/** Gives the store's connection pool (the bean {@code dataSource}) the bound. */
	static final class Wrapping implements BeanPostProcessor {

		@Override
		public Object postProcessAfterInitialization(Object bean, String beanName) {
			if ("dataSource".equals(beanName) && bean instanceof DataSource store && !(bean instanceof Bounded)) {
				return new Bounded(store);
			}
			return bean;
		}

	}

	/** The store's pool, whose connections carry the bound while a read request holds them. */
	static final class Bounded extends DelegatingDataSource {

		Bounded(DataSource store) {
			super(store);
		}

		@Override
		public Connection getConnection() throws SQLException {
			return bound(super.getConnection());
		}

		@Override
		public Connection getConnection(String username, String password) throws SQLException {
			return bound(super.getConnection(username, password));
		}

		private Connection bound(Connection connection) throws SQLException {
			Duration limit = CURRENT.get();
			if (limit == null) {
				return connection;
			}
			try (PreparedStatement set = connection.prepareStatement("SELECT set_config('statement_timeout', ?, false)")) {
				set.setString(1, Long.toString(Math.max(1, limit.toMillis())));
				set.execute();
			}
			catch (SQLException ex) {
				connection.close();
				throw ex;
			}
			return (Connection) Proxy.newProxyInstance(ReadTimeouts.class.getClassLoader(),
					new Class<?>[] { ConnectionProxy.class }, new Resetting(connection, getTargetDataSource()));
		}

	}

	/** Resets the bound when the connection goes back to the pool; a connection that cannot be reset leaves it. */
	private static final class Resetting implements InvocationHandler {

		private final Connection target;

		private final @Nullable DataSource pool;

		private boolean closed;

		Resetting(Connection target, @Nullable DataSource pool) {
			this.target = target;
			this.pool = pool;
		}

		@Override
		public @Nullable Object invoke(Object proxy, Method method, @Nullable Object[] args) throws Throwable {
			switch (method.getName()) {
				case "getTargetConnection":
					return target;
				case "equals":
					return proxy == args[0];
				case "hashCode":
					return System.identityHashCode(proxy);
				case "toString":
					return "bounded " + target;
				case "isClosed":
					if (closed) {
						return true;
					}
					break;
				case "close":
					if (!closed) {
						closed = true;
						giveBack();
					}
					return null;
				default:
					break;
			}
			try {
				return method.invoke(target, args);
			}
			catch (InvocationTargetException ex) {
				throw ex.getCause();
			}
		}

		private void giveBack() throws SQLException {
			try {
				if (!target.isClosed()) {
					if (!target.getAutoCommit()) {
						target.rollback();
					}
					try (Statement reset = target.createStatement()) {
						reset.execute("RESET statement_timeout");
					}
				}
			}
			catch (SQLException ex) {
				log.debug("A connection whose statement timeout could not be reset leaves the pool", ex);
				if (pool instanceof HikariDataSource hikari) {
					hikari.evictConnection(target);
					return;
				}
			}
			target.close();
		}

	}

}
