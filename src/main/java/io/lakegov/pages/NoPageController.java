package io.lakegov.pages;

import io.lakegov.web.ApiException;
import io.swagger.v3.oas.annotations.Hidden;

import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;

/**
 * Addresses under the pages' paths that name no page (a name left out, a trailing slash, a mistyped part)
 * answer the pages' own "not found" page, not the API's problem details; signing out takes the form's button.
 */
@Controller
@Hidden
class NoPageController {

	@GetMapping({ "/tables/**", "/users/**", "/schemas/**", "/search/**", "/ingestion/**", "/columns/**", "/rankings/**",
			"/unused/**", "/retention/**", "/changes/**" })
	String none() {
		throw ApiException.notFound("There is no page at this address. Search for a table, a schema or a user.");
	}

	@GetMapping("/logout")
	String signOut() {
		return "redirect:/";
	}

}
