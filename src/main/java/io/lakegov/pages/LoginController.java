package io.lakegov.pages;

import io.lakegov.web.SecurityProperties;
import io.swagger.v3.oas.annotations.Hidden;

import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;

/**
 * The sign-in form, which Spring Security takes the key of, and the way to sign in through the identity
 * provider where one is configured for it.
 */
@Controller
@Hidden
class LoginController {

	private final boolean provider;

	LoginController(SecurityProperties security) {
		this.provider = security.oauth2().signInEnabled();
	}

	@GetMapping("/login")
	String login(Model model) {
		model.addAttribute("provider", provider);
		model.addAttribute("providerPath", "/oauth2/authorization/" + ProviderSignIn.REGISTRATION);
		return "login";
	}

}
