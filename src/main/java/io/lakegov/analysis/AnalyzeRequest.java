package io.lakegov.analysis;

import java.util.List;

import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

/**
 * Statements to analyse, with the defaults that complete one- and two-part names.
 *
 * @param statements up to 1,000 statements
 * @param defaultCatalog catalog for names written without one
 * @param defaultSchema schema for names written without one
 */
record AnalyzeRequest(@NotEmpty @Size(max = 1000) List<@Valid @NotNull Statement> statements,
		@Schema(example = "main") @Size(max = 255) @Pattern(regexp = NAME, message = NAME_MESSAGE) String defaultCatalog,
		@Schema(example = "default") @Size(max = 255) @Pattern(regexp = NAME, message = NAME_MESSAGE) String defaultSchema) {

	static final String NAME = "^[A-Za-z_][A-Za-z0-9_]{0,254}$";

	static final String NAME_MESSAGE = "must be a name of letters, digits and _, not starting with a digit";

	/**
	 * The longest statement text taken, in characters: far above lakegov.analysis.max-sql-size (1 MB), past
	 * which a statement is answered UNANALYZABLE without being parsed.
	 */
	static final int MAX_SQL = 10 * 1024 * 1024;

	/**
	 * One statement text (or script).
	 *
	 * @param id the caller's id, echoed in the result
	 * @param sql the text
	 */
	record Statement(@Schema(example = "s1") @NotNull @Size(max = 200) String id,
			@Schema(example = "SELECT * FROM bronze.events VERSION AS OF 42") @NotNull @Size(max = MAX_SQL) String sql) {
	}

}
