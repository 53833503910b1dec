package io.lakegov.pages;

import java.util.ArrayList;
import java.util.List;

import io.swagger.v3.oas.annotations.Hidden;
import jakarta.validation.constraints.Size;

import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseBody;

/** The search results page, and the suggestions the search box shows as one types. */
@Controller
@Hidden
class SearchController {

	static final int RESULTS = 50;

	static final int SUGGESTIONS = 8;

	private final Search search;

	private final PageNames names;

	SearchController(Search search, PageNames names) {
		this.search = search;
		this.names = names;
	}

	@GetMapping("/search")
	String search(@RequestParam(defaultValue = "") @Size(max = 200) String q, Model model) {
		model.addAttribute("results", search.find(q, RESULTS));
		model.addAttribute("most", RESULTS);
		return "search/search";
	}

	@GetMapping("/search/suggestions")
	@ResponseBody
	List<Suggestion> suggestions(@RequestParam(defaultValue = "") @Size(max = 200) String q) {
		var results = search.find(q, SUGGESTIONS);
		List<Suggestion> suggestions = new ArrayList<>();
		results.tables()
			.forEach(table -> suggestions.add(new Suggestion("table", table.table(), names.table(table.table()))));
		results.schemas().forEach(schema -> suggestions.add(new Suggestion("schema", schema, names.schema(schema))));
		results.users().forEach(user -> suggestions.add(new Suggestion("user", user, names.user(user))));
		return suggestions;
	}

	/**
	 * One suggestion of the search box.
	 *
	 * @param kind table, schema or user
	 * @param name its name
	 * @param url the page it leads to
	 */
	record Suggestion(String kind, String name, String url) {
	}

}
