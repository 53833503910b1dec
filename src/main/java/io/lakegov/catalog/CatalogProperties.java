package io.lakegov.catalog;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How the table inventory is synced from the source's {@code information_schema.tables}
 * ({@code lakegov.source.inventory-table}).
 *
 * @param enabled whether the scheduled sync runs (tests and one-off tools call the sync directly)
 * @param cron when it runs, a Spring cron expression (default: every hour at minute 15)
 * @param zone the time zone of the cron expression
 */
@ConfigurationProperties("lakegov.catalog")
public record CatalogProperties(@DefaultValue("true") boolean enabled, @DefaultValue("0 15 * * * *") String cron,
		@DefaultValue("UTC") String zone) {

}
