package io.lakegov.usage.internal;

/**
 * A user's place in the ranking of users over a date range.
 *
 * @param user the user
 * @param reads table reads (a statement reading three tables counts three)
 * @param writes table writes
 * @param tables distinct tables read or written
 */
public record UserRank(String user, long reads, long writes, long tables) {

}
