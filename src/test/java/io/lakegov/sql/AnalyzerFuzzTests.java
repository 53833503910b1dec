package io.lakegov.sql;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Property-based fuzzing of the analyser: the test suite's own statements, mutated (characters inserted,
 * deleted, repeated; control characters, lone surrogates and NULs spliced in; cut anywhere), deep nesting,
 * huge literals and random text. No exception escapes, every call returns an analysis with a status, and
 * an unanalysable one says why. The slowest call is printed (a figure, not an assertion: the machine is
 * shared).
 */
class AnalyzerFuzzTests {

	static final StatementAnalyzer ANALYZER = new StatementAnalyzer(AnalyzerSettings.defaults());

	static final List<String> SEEDS = seeds();

	static final AtomicLong SLOWEST_NANOS = new AtomicLong();

	static final AtomicLong CALLS = new AtomicLong();

	@Property(tries = 600)
	void mutatedStatementsOfTheTestSuite(@ForAll("mutated") String sql) {
		check(sql);
	}

	@Property(tries = 200)
	void randomText(@ForAll("random") String sql) {
		check(sql);
	}

	@Property(tries = 60)
	void deepNestingAndHugeLiterals(@ForAll("extreme") String sql) {
		check(sql);
	}

	@AfterContainer
	static void figures() {
		System.out.printf("analyser fuzzing: %d statements from %d seeds, slowest %.1f ms%n", CALLS.get(), SEEDS.size(),
				SLOWEST_NANOS.get() / 1e6);
	}

	private static void check(String sql) {
		long start = System.nanoTime();
		Analysis analysis = ANALYZER.analyze(sql);
		long elapsed = System.nanoTime() - start;
		SLOWEST_NANOS.accumulateAndGet(elapsed, Math::max);
		CALLS.incrementAndGet();
		assertThat(analysis).isNotNull();
		assertThat(analysis.status()).isNotNull();
		assertThat(analysis.analyzerVersion()).isEqualTo(StatementAnalyzer.VERSION);
		if (analysis.status() == AnalysisStatus.UNANALYZABLE) {
			assertThat(analysis.reason()).isNotBlank();
		}
		assertThat(analysis.reads()).doesNotContainNull();
		assertThat(analysis.writes()).doesNotContainNull();
	}

	@Provide
	Arbitrary<String> mutated() {
		Arbitrary<String> seed = Arbitraries.of(SEEDS);
		Arbitrary<String> splice = Arbitraries.oneOf(Arbitraries.of("\u0000", "\uD800", "\uDFFF", "\uFFFE", "\u202E",
				"\r", "\u000B", "'", "\"", "`", "--", "/*", "*/", ";", "(", ")", "${", "\\", " VERSION AS OF ", " @v",
				"SELECT ", " FROM ", " JOIN ", "\uD83D\uDE00"), Arbitraries.strings().all().ofMaxLength(8));
		return Combinators.combine(seed, splice, Arbitraries.integers().between(0, 1 << 16),
				Arbitraries.integers().between(0, 1 << 16), Arbitraries.integers().between(0, 5))
			.as((text, insert, at, length, operation) -> mutate(text, insert, at, length, operation));
	}

	private static String mutate(String text, String insert, int at, int length, int operation) {
		int position = text.isEmpty() ? 0 : at % (text.length() + 1);
		int end = Math.min(text.length(), position + length % 40);
		return switch (operation) {
			case 0 -> text.substring(0, position) + insert + text.substring(position);
			case 1 -> text.substring(0, position) + text.substring(end);
			case 2 -> text.substring(0, end) + text.substring(position, end).repeat(1 + length % 50) + text.substring(end);
			case 3 -> text.substring(0, position);
			case 4 -> text + ";" + text;
			default -> text.replace(' ', insert.isEmpty() ? '\u0000' : insert.charAt(0));
		};
	}

	@Provide
	Arbitrary<String> random() {
		return Arbitraries.oneOf(Arbitraries.strings().all().ofMaxLength(2000),
				Arbitraries.strings().withChars("SELECT FROMWHERE(),.;'`\"*-/ \n@0123456789").ofMaxLength(3000));
	}

	@Provide
	Arbitrary<String> extreme() {
		Arbitrary<Integer> depth = Arbitraries.integers().between(1, 20_000);
		Arbitrary<Integer> size = Arbitraries.integers().between(1, 900_000);
		return Arbitraries.oneOf(depth.map(n -> "SELECT " + "(".repeat(n) + "1" + ")".repeat(n) + " FROM t"),
				depth.map(n -> "SELECT * FROM " + "(SELECT * FROM ".repeat(n) + "t" + ")".repeat(n)),
				depth.map(n -> "SELECT * FROM t WHERE " + "a = 1 AND ".repeat(n) + "b = 2"),
				depth.map(n -> "(".repeat(n)),
				size.map(n -> "SELECT '" + "x".repeat(n) + "' FROM t"),
				size.map(n -> "SELECT * FROM t WHERE id IN (" + "1,".repeat(n / 2) + "1)"),
				size.map(n -> "SELECT '" + "\u00e9\u6f22".repeat(n / 2)),
				size.map(n -> "/*" + "*".repeat(n)));
	}

	/** String literals and text blocks of this package's tests that read like SQL. */
	private static List<String> seeds() {
		Pattern literal = Pattern.compile("\"\"\"\\s*\\n(.*?)\"\"\"|\"((?:[^\"\\\\\\n]|\\\\.)*)\"", Pattern.DOTALL);
		Pattern sql = Pattern.compile("(?is)\\s*(SELECT|WITH|INSERT|MERGE|CREATE|UPDATE|DELETE|ALTER|DROP|USE|GRANT|"
				+ "OPTIMIZE|COPY|CACHE|DESCRIBE|SHOW|SET|REFRESH|VACUUM|TRUNCATE|REPLACE|FROM|EXPLAIN|RESTORE|LIST|APPLY)\\b.*");
		List<String> seeds = new ArrayList<>();
		try (Stream<Path> files = Files.list(Path.of("src/test/java/io/lakegov/sql"))) {
			for (Path file : files.filter(path -> path.toString().endsWith("Tests.java"))
				.filter(path -> !path.endsWith("AnalyzerFuzzTests.java"))
				.sorted()
				.toList()) {
				Matcher matcher = literal.matcher(Files.readString(file, StandardCharsets.UTF_8));
				while (matcher.find()) {
					List<String> texts = new ArrayList<>();
					if (matcher.group(1) == null) {
						texts.add(unescape(matcher.group(2)));
					}
					else if (matcher.group(1).contains(" | ")) {
						// a @CsvSource table: the statement is the first column of each row
						matcher.group(1).lines().map(line -> line.split(" \\| ")[0].strip()).forEach(texts::add);
					}
					else {
						texts.add(matcher.group(1));
					}
					texts.stream().filter(text -> text.length() > 8 && sql.matcher(text).matches()).forEach(seeds::add);
				}
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		assertThat(seeds).hasSizeGreaterThan(40);
		return List.copyOf(seeds);
	}

	private static String unescape(String text) {
		return text.replace("\\n", "\n").replace("\\t", "\t").replace("\\\"", "\"").replace("\\\\", "\\");
	}

}
