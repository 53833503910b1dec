package io.lakegov.pages;

import io.swagger.v3.oas.annotations.Hidden;

import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;

/** Where a person lands after signing in: the search and what the pages offer. */
@Controller
@Hidden
class HomeController {

	@GetMapping("/")
	String home() {
		return "home";
	}

}
