package io.lakegov.web;

import java.io.IOException;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Refuses request bodies over the limit with 413 problem details: at once when the declared length is
 * over it, else as soon as the body read so far passes it, so that no more than the limit is ever read.
 */
final class RequestSizeFilter extends OncePerRequestFilter {

	private final long limit;

	RequestSizeFilter(long limit) {
		this.limit = limit;
	}

	/** The body passed the limit while it was being read. */
	static final class TooLarge extends IOException {

		TooLarge(long limit) {
			super("The request body is larger than " + limit + " bytes");
		}

	}

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		if (request.getContentLengthLong() > limit) {
			ContainerProblems.write(response, 413, request.getRequestURI(), detail());
			return;
		}
		try {
			chain.doFilter(new Limited(request, limit), response);
		}
		catch (TooLarge ex) {
			if (!response.isCommitted()) {
				response.reset();
				ContainerProblems.write(response, 413, request.getRequestURI(), detail());
			}
		}
	}

	private String detail() {
		return "The request body is larger than the limit of " + limit + " bytes (lakegov.web.max-request-size).";
	}

	private static final class Limited extends HttpServletRequestWrapper {

		private final long limit;

		private ServletInputStream stream;

		Limited(HttpServletRequest request, long limit) {
			super(request);
			this.limit = limit;
		}

		@Override
		public ServletInputStream getInputStream() throws IOException {
			if (stream == null) {
				stream = new Counting(super.getInputStream(), limit);
			}
			return stream;
		}

	}

	private static final class Counting extends ServletInputStream {

		private final ServletInputStream delegate;

		private final long limit;

		private long read;

		Counting(ServletInputStream delegate, long limit) {
			this.delegate = delegate;
			this.limit = limit;
		}

		@Override
		public int read() throws IOException {
			int b = delegate.read();
			if (b >= 0) {
				count(1);
			}
			return b;
		}

		@Override
		public int read(byte[] buffer, int offset, int length) throws IOException {
			int n = delegate.read(buffer, offset, length);
			if (n > 0) {
				count(n);
			}
			return n;
		}

		private void count(int n) throws TooLarge {
			read += n;
			if (read > limit) {
				throw new TooLarge(limit);
			}
		}

		@Override
		public boolean isFinished() {
			return delegate.isFinished();
		}

		@Override
		public boolean isReady() {
			return delegate.isReady();
		}

		@Override
		public void setReadListener(ReadListener listener) {
			delegate.setReadListener(listener);
		}

	}

}
