package io.lakegov.usage;

/**
 * Which page of a list a caller asked for.
 *
 * @param page the page number, from 0
 * @param size rows per page, 1 to {@value #MAX_SIZE}
 */
public record PageRequest(int page, int size) {

	public static final int DEFAULT_SIZE = 50;

	public static final int MAX_SIZE = 1000;

	public PageRequest {
		if (page < 0) {
			throw new IllegalArgumentException("page must be 0 or more, was " + page);
		}
		if (size < 1 || size > MAX_SIZE) {
			throw new IllegalArgumentException("size must be between 1 and " + MAX_SIZE + ", was " + size);
		}
	}

	public long offset() {
		return (long) page * size;
	}

}
