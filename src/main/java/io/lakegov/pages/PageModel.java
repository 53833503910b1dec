package io.lakegov.pages;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

import io.lakegov.web.Callers;
import io.lakegov.web.Role;

import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ModelAttribute;

/** What every page's layout shows: who is signed in, with which role, and how times and counts read. */
@ControllerAdvice(basePackageClasses = PageModel.class)
class PageModel {

	private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'", Locale.ROOT)
		.withZone(ZoneOffset.UTC);

	@ModelAttribute("caller")
	String caller() {
		return Callers.name();
	}

	@ModelAttribute("role")
	String role() {
		return Callers.role().map(Role::id).orElse("");
	}

	@ModelAttribute("fmt")
	PageModel formats() {
		return this;
	}

	/** A time as people in several time zones read it alike; a dash for none. */
	public String when(Instant instant) {
		return instant == null ? "–" : WHEN.format(instant);
	}

	/** A count with thousands separated. */
	public String count(long count) {
		return String.format(Locale.ROOT, "%,d", count);
	}

}
