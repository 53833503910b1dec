package io.lakegov.usage.rollups;

import java.time.LocalDate;

/** One (day, table) pair: the unit in which the daily rollups are rebuilt from the facts. */
public record DayTable(String table, LocalDate date) {
}
