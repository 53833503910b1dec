package io.lakegov.watch;

import java.util.List;

import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;

/**
 * A watch to create.
 *
 * @param name what to call it (1 to 200 characters)
 * @param tables table patterns, {@code catalog.schema.table} with {@code *} in any part; may be empty when
 * the watch only wants ingestion events
 * @param events the events it wants
 * @param webhook where to deliver them
 */
public record WatchRequest(@Schema(example = "finance readers", minLength = 1, maxLength = WatchService.MAX_NAME) String name,
		@ArraySchema(schema = @Schema(example = "main.finance.*", maxLength = TablePattern.MAX_LENGTH),
				maxItems = WatchService.MAX_TABLES) List<String> tables,
		@ArraySchema(schema = @Schema(implementation = EventType.class), minItems = 1,
				maxItems = WatchService.MAX_EVENTS) List<String> events,
		Watch.Webhook webhook) {

}
