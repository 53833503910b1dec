package io.lakegov.ingest;

import java.time.Clock;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

import javax.sql.DataSource;

import net.javacrumbs.shedlock.core.LockProvider;
import net.javacrumbs.shedlock.provider.jdbctemplate.JdbcTemplateLockProvider;
import net.javacrumbs.shedlock.spring.annotation.EnableSchedulerLock;
import net.javacrumbs.shedlock.support.KeepAliveLockProvider;

import org.springframework.beans.factory.DisposableBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.scheduling.annotation.EnableScheduling;

/**
 * Scheduled work runs on one replica at a time: ShedLock holds a lock row in the store while a scheduled
 * job runs. The lock is a lease, not a bound on the job: it is taken for a minute (the ingestion schedule's
 * for the stale-run timeout) and extended every half of that while the holder lives, so that a replica
 * that dies (killed, out of memory, its node lost) holds it for at most that long, however long its job
 * would have run.
 */
@Configuration(proxyBeanMethods = false)
@EnableScheduling
@EnableSchedulerLock(defaultLockAtMostFor = SchedulingConfig.LOCK_LEASE)
class SchedulingConfig {

	/** How long a scheduled job's lock outlives a replica that died holding it. */
	static final String LOCK_LEASE = "PT1M";

	/**
	 * The thread that extends the locks of running jobs. Not a {@code ScheduledExecutorService} bean: Spring Boot's
	 * task scheduler would back off for one.
	 */
	static final class LockKeepAlive implements DisposableBean {

		private final ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor(runnable -> {
			Thread thread = new Thread(runnable, "lakegov-lock-keep-alive");
			thread.setDaemon(true);
			return thread;
		});

		@Override
		public void destroy() {
			executor.shutdownNow();
		}

	}

	@Bean
	LockKeepAlive lockKeepAlive() {
		return new LockKeepAlive();
	}

	@Bean
	LockProvider lockProvider(DataSource dataSource, LockKeepAlive keepAlive) {
		return new KeepAliveLockProvider(new JdbcTemplateLockProvider(JdbcTemplateLockProvider.Configuration.builder()
			.withJdbcTemplate(new JdbcTemplate(dataSource))
			.usingDbTime()
			.build()), keepAlive.executor);
	}

	@Bean
	@ConditionalOnMissingBean
	Clock clock() {
		return Clock.systemUTC();
	}

}
