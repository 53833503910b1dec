package io.lakegov.history;

/** Text as PostgreSQL can store it: no NUL characters (they become U+FFFD), nothing else changed. */
final class Texts {

	private Texts() {
	}

	static String storable(String text) {
		if (text == null || text.indexOf('\0') < 0) {
			return text;
		}
		return text.replace('\0', '\uFFFD');
	}

}
