package io.lakegov.history;

import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.CannotGetJdbcConnectionException;
import org.springframework.jdbc.UncategorizedSQLException;

import static org.assertj.core.api.Assertions.assertThat;

class SourceGapTests {

	static final String WHAT = "the table inventory system.information_schema.tables";

	@ParameterizedTest(name = "{0} {1}")
	@CsvSource(delimiter = '|', textBlock = """
			42P01 | ERROR: relation "lakehouse.tables" does not exist                                    | MISSING_TABLE
			42000 | [TABLE_OR_VIEW_NOT_FOUND] The table or view `system`.`information_schema`.`x` cannot be found | MISSING_TABLE
			3F000 | ERROR: schema "lakehouse" does not exist                                             | MISSING_TABLE
			42703 | ERROR: column "created" does not exist                                               | MISSING_COLUMN
			42000 | [UNRESOLVED_COLUMN.WITH_SUGGESTION] A column with name `created` cannot be resolved   | MISSING_COLUMN
			42501 | ERROR: permission denied for table tables                                            | PERMISSION_DENIED
			HY000 | [INSUFFICIENT_PERMISSIONS] Insufficient privileges: User does not have USE SCHEMA    | PERMISSION_DENIED
			08006 | An I/O error occurred while sending to the backend.                                  | UNREACHABLE
			28P01 | FATAL: password authentication failed for user "lakegov"                              | UNREACHABLE
			57014 | ERROR: canceling statement due to user request                                       | TIMED_OUT
			22012 | ERROR: division by zero                                                              | REFUSED
			""")
	void classifiesTheSourcesFailuresBySqlStateOrDatabricksErrorClass(String state, String message, SourceGap.Kind kind) {
		SourceGap gap = SourceGap.of(WHAT, new UncategorizedSQLException("reading", "SELECT", new SQLException(message, state)));

		assertThat(gap.kind()).isEqualTo(kind);
		assertThat(gap.reason()).contains(WHAT).doesNotContain("SELECT");
		assertThat(gap.detail()).contains(message);
	}

	@Test
	void takesAPoolThatGetsNoConnectionAsTheSourceOutOfReach() {
		DataAccessException failure = new CannotGetJdbcConnectionException("Failed to obtain JDBC Connection",
				new SQLTransientConnectionException("lakegov-source - Connection is not available, request timed out"));

		SourceGap gap = SourceGap.of(WHAT, failure);

		assertThat(gap.kind()).isEqualTo(SourceGap.Kind.UNREACHABLE);
		assertThat(gap.sourceDown()).isTrue();
		assertThat(gap.reason()).isEqualTo("the source could not be reached (SQLTransientConnectionException) for " + WHAT);
	}

	@Test
	void namesTheBoundThatRanOut() {
		assertThat(SourceGap.timedOut(WHAT, Duration.ofSeconds(5)).reason())
			.isEqualTo("the source did not answer within 5s (lakegov.source.request-timeout) for " + WHAT);
		assertThat(SourceGap.timedOut(WHAT, Duration.ofMillis(1500)).reason()).startsWith("the source did not answer within 1500ms");
	}

}
