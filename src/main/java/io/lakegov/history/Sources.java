package io.lakegov.history;

import java.util.List;
import java.util.Optional;

/**
 * The configured sources of query history: those enabled, in configuration order, and the names of those
 * disabled. The single-source form is one source named {@value SourceSettings#DEFAULT_NAME}.
 */
public final class Sources {

	private final List<HistorySource> enabled;

	private final List<String> disabled;

	public Sources(List<HistorySource> enabled, List<String> disabled) {
		if (enabled.isEmpty()) {
			throw new IllegalArgumentException("at least one source must be enabled");
		}
		this.enabled = List.copyOf(enabled);
		this.disabled = List.copyOf(disabled);
	}

	/** The sources that are read, in configuration order. */
	public List<HistorySource> enabled() {
		return enabled;
	}

	/** The names of the configured sources that are not read. */
	public List<String> disabled() {
		return disabled;
	}

	public Optional<HistorySource> find(String name) {
		return enabled.stream().filter(source -> source.name().equals(name)).findFirst();
	}

	/** The only source, when there is exactly one. */
	public Optional<HistorySource> only() {
		return enabled.size() == 1 ? Optional.of(enabled.get(0)) : Optional.empty();
	}

	/**
	 * The first enabled source: what the table metadata (retention) and the demo read, and whose attributes a
	 * table several sources list keeps in the inventory (see the README's design section).
	 */
	public HistorySource primary() {
		return enabled.get(0);
	}

	/** A source's name (lakegov.sources[].name), as a regular expression that Java and ECMAScript read alike. */
	public static final String NAME_PATTERN = "^[a-z0-9][a-z0-9_-]{0,62}$";

	/** The longest source name {@link #NAME_PATTERN} allows. */
	public static final int NAME_LENGTH = 63;

	/** The message of a name that does not match {@link #NAME_PATTERN}. */
	public static final String NAME_MESSAGE = "must be a source name: lower-case letters, digits, _ and -, at most 63";

	/** Whether the text is a valid source name (so that it may be repeated in an answer). */
	public static boolean isName(String text) {
		return text != null && SourceSettingsCheck.NAME.matcher(text).matches();
	}

	public List<String> names() {
		return enabled.stream().map(HistorySource::name).toList();
	}

}
