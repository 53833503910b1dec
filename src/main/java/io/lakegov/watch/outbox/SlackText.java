package io.lakegov.watch.outbox;

import java.util.Map;

/** One line of Slack mrkdwn that says what happened, for a watch whose format is {@code slack}. */
final class SlackText {

	private SlackText() {
	}

	static String of(String type, String watch, Map<String, Object> details) {
		Object table = details.get("table");
		Object principal = details.get("principal");
		Object path = details.get("path");
		String what = switch (type) {
			case "NEW_READER" -> code(principal) + " started reading " + code(table) + via(path);
			case "NEW_WRITER" -> code(principal) + " started writing " + code(table);
			case "DEPRECATED_READ" -> code(principal) + " read " + code(table) + via(path)
					+ ", which is deprecated (planned removal " + details.get("plannedDate") + ")";
			case "SCHEMA_DROPPED" -> code(table) + " left the inventory though it was read on " + details.get("lastRead");
			case "INGESTION_DOWN" -> "ingestion is DOWN: " + details.get("reason");
			case "INGESTION_UP" -> "ingestion is UP again";
			case "MASKED_SHARE" -> "masked statement texts rose to " + details.get("maskedShare") + " of the newest run";
			default -> "a sample delivery";
		};
		return ":bell: *lakegov* " + type + " (" + watch + "): " + what;
	}

	private static String code(Object value) {
		return "`" + value + "`";
	}

	private static String via(Object path) {
		return path == null ? "" : " through " + code(path);
	}

}
