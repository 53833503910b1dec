package io.lakegov.analysis;

import java.util.Locale;

import io.lakegov.sql.StatementAnalyzer;
import io.lakegov.web.RateLimited;
import io.lakegov.web.RequiredRole;
import io.lakegov.web.Role;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;

import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

@RestController
@RequiredRole(Role.VIEWER)
@RequestMapping("/api/v1/sql")
@Tag(name = "SQL analysis", description = "Which tables a statement reads, writes and grants on")
class AnalyzeController {

	private final StatementAnalyzer analyzer;

	AnalyzeController(StatementAnalyzer analyzer) {
		this.analyzer = analyzer;
	}

	@PostMapping("/analyze")
	@RateLimited
	@Operation(summary = "Analyse statements",
			description = "Tables read and written (CTEs and temporary views excluded), grants, file paths, time travel, "
					+ "a fingerprint of the statement's shape and its text with literals redacted. A statement that "
					+ "cannot be understood is UNANALYZABLE with a reason; tables are never guessed.")
	AnalyzeResponse analyze(@Valid @RequestBody AnalyzeRequest request) {
		String catalog = lower(request.defaultCatalog());
		String schema = lower(request.defaultSchema());
		return new AnalyzeResponse(request.statements()
			.stream()
			.map(statement -> AnalyzeResponse.Result.of(statement.id(), analyzer.analyze(statement.sql()), catalog,
					schema))
			.toList());
	}

	private static String lower(String name) {
		return name == null ? null : name.toLowerCase(Locale.ROOT);
	}

}
