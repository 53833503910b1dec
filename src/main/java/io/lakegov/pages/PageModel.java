package io.lakegov.pages;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.lakegov.usage.BusinessDates;
import io.lakegov.web.Callers;
import io.lakegov.web.Role;
import org.jspecify.annotations.Nullable;

import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ModelAttribute;
import org.springframework.web.context.request.RequestContextHolder;
import org.springframework.web.context.request.ServletRequestAttributes;
import org.springframework.web.servlet.support.ServletUriComponentsBuilder;
import org.springframework.web.util.UriComponentsBuilder;
import org.springframework.web.util.UriUtils;

/** What every page's layout shows: who is signed in, with which role, and how times and counts read. */
@ControllerAdvice(basePackageClasses = PageModel.class)
class PageModel {

	private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'", Locale.ROOT)
		.withZone(ZoneOffset.UTC);

	private final PageNames names;

	private final BusinessDates dates;

	PageModel(PageNames names, BusinessDates dates) {
		this.names = names;
		this.dates = dates;
	}

	/** The time zone whose calendar days every page counts by ({@code lakegov.usage.time-zone}). */
	@ModelAttribute("businessZone")
	String businessZone() {
		return dates.zone().getId();
	}

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

	@ModelAttribute("names")
	PageNames names() {
		return names;
	}

	/** A time as people in several time zones read it alike; a dash for none. */
	public String when(Instant instant) {
		return instant == null ? "–" : WHEN.format(instant);
	}

	/** A count with thousands separated. */
	public String count(long count) {
		return String.format(Locale.ROOT, "%,d", count);
	}

	/** A duration in the unit that reads best: ms, s, min or h; a dash for none. */
	public String duration(Long millis) {
		if (millis == null) {
			return "–";
		}
		if (millis < 1000) {
			return millis + " ms";
		}
		double seconds = millis / 1000.0;
		if (seconds < 60) {
			return String.format(Locale.ROOT, "%.1f s", seconds);
		}
		if (seconds < 3600) {
			return String.format(Locale.ROOT, "%.1f min", seconds / 60);
		}
		return String.format(Locale.ROOT, "%,.1f h", seconds / 3600);
	}

	/** Bytes in the unit that reads best (powers of 1,024). */
	public String bytes(long bytes) {
		if (bytes < 1024) {
			return bytes + " B";
		}
		String[] units = { "KiB", "MiB", "GiB", "TiB", "PiB" };
		double value = bytes;
		int unit = -1;
		while (value >= 1024 && unit < units.length - 1) {
			value /= 1024;
			unit++;
		}
		return String.format(Locale.ROOT, "%.1f %s", value, units[unit]);
	}

	/** Days with one decimal; a dash for none. */
	public String days(Double days) {
		return days == null ? "–" : String.format(Locale.ROOT, "%.1f days", days);
	}

	/**
	 * The current address showing other days: from {@code from} to today (the last 30 days without one), the
	 * lists back to their first pages, every other choice (an order, a size) as it is.
	 */
	public String withDays(@Nullable LocalDate from) {
		return withDays(from, null);
	}

	/** As {@link #withDays(LocalDate)}, up to {@code to} (today without one). */
	public String withDays(@Nullable LocalDate from, @Nullable LocalDate to) {
		UriComponentsBuilder builder = ServletUriComponentsBuilder.fromCurrentRequest();
		builder = to == null ? builder.replaceQueryParam("to") : builder.replaceQueryParam("to", to);
		builder = from == null ? builder.replaceQueryParam("from") : builder.replaceQueryParam("from", from);
		for (String name : parameters().keySet()) {
			if (isListPage(name)) {
				builder.replaceQueryParam(name);
			}
		}
		var address = builder.build();
		return address.getPath() + (address.getQuery() == null ? "" : "?" + address.getQuery());
	}

	/**
	 * The address with the days the current page was asked for ({@code from} and {@code to} as given, none when
	 * it shows its default days), so that following a link from a page of chosen days shows the same days.
	 */
	public String keepDays(String address) {
		StringBuilder kept = new StringBuilder(address);
		for (String name : List.of("from", "to")) {
			String[] values = parameters().get(name);
			if (values != null && values.length > 0 && !values[0].isBlank()) {
				kept.append(kept.indexOf("?") < 0 ? '?' : '&')
					.append(name)
					.append('=')
					.append(UriUtils.encodeQueryParam(values[0], StandardCharsets.UTF_8));
			}
		}
		return kept.toString();
	}

	/** The current address's choices a form of other days carries along: all but the days and the lists' pages. */
	public Map<String, String> keptWithDays() {
		Map<String, String> kept = new LinkedHashMap<>();
		parameters().forEach((name, values) -> {
			if (!name.equals("from") && !name.equals("to") && !isListPage(name) && values.length > 0) {
				kept.put(name, values[0]);
			}
		});
		return kept;
	}

	private static Map<String, String[]> parameters() {
		return RequestContextHolder.getRequestAttributes() instanceof ServletRequestAttributes attributes
				? attributes.getRequest().getParameterMap() : Map.of();
	}

	private static boolean isListPage(String name) {
		return name.equals("page") || name.endsWith("Page");
	}

}
