package io.lakegov.pages;

import io.swagger.v3.oas.annotations.Hidden;

import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;

/** The sign-in form; Spring Security takes the key it posts. */
@Controller
@Hidden
class LoginController {

	@GetMapping("/login")
	String login() {
		return "login";
	}

}
