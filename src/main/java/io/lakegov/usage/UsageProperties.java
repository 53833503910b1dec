package io.lakegov.usage;

import java.time.ZoneId;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How usage is counted.
 *
 * @param timeZone the business time zone: a fact's business date is its statement's start time in this
 * zone (in Asia/Tokyo a query at 00:30 JST belongs to that JST day, not the previous UTC day)
 */
@ConfigurationProperties("lakegov.usage")
public record UsageProperties(@DefaultValue("UTC") ZoneId timeZone) {

}
