package io.lakegov.web;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;

import jakarta.servlet.http.HttpServletResponse;

import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;

/**
 * Problem details written without the MVC machinery: by filters before a request reaches it, and for
 * requests the servlet container refuses itself.
 */
final class ContainerProblems {

	private ContainerProblems() {
	}

	static void write(HttpServletResponse response, int status, String instance, String detail) throws IOException {
		response.setStatus(status);
		response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
		response.setCharacterEncoding(StandardCharsets.UTF_8.name());
		Writer writer = response.getWriter();
		writer.write(json(status, instance, detail));
		writer.flush();
	}

	static String json(int status, String instance, String detail) {
		HttpStatus known = HttpStatus.resolve(status);
		StringBuilder json = new StringBuilder("{\"type\":\"")
			.append(ProblemDetailsAdvice.typeFor(HttpStatus.valueOf(status)))
			.append("\",\"title\":");
		quote(json, known == null ? "Error" : known.getReasonPhrase());
		json.append(",\"status\":").append(status).append(",\"detail\":");
		quote(json, detail);
		if (instance != null && instance.length() <= 2048) {
			json.append(",\"instance\":");
			quote(json, instance);
		}
		return json.append('}').toString();
	}

	private static void quote(StringBuilder json, String text) {
		json.append('"');
		for (int i = 0; i < text.length(); i++) {
			char c = text.charAt(i);
			switch (c) {
				case '"' -> json.append("\\\"");
				case '\\' -> json.append("\\\\");
				default -> {
					if (c < 0x20 || c > 0x7e) {
						json.append(String.format("\\u%04x", (int) c));
					}
					else {
						json.append(c);
					}
				}
			}
		}
		json.append('"');
	}

}
