package io.lakegov.web;

import java.io.IOException;

import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ErrorReportValve;

/**
 * Answers what the servlet container refuses before any servlet sees it (a request line or headers over
 * its limits, an undecodable or NUL-bearing path) with problem details instead of its HTML error page.
 */
public class ProblemErrorReportValve extends ErrorReportValve {

	@Override
	protected void report(Request request, Response response, Throwable throwable) {
		int status = response.getStatus();
		if (status < 400 || response.getContentWritten() > 0 || !response.setErrorReported()) {
			return;
		}
		try {
			response.setContentType("application/problem+json");
			response.setCharacterEncoding("UTF-8");
			response.getWriter()
				.write(ContainerProblems.json(status, null, "The server refused the request before reading it: "
						+ "its URL or headers are too long, or its URL holds characters a URL cannot hold."));
			response.finishResponse();
		}
		catch (IOException | IllegalStateException ex) {
			// the connection is gone or the response was started elsewhere: nothing more can be said
		}
	}

}
