package io.lakegov;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.springframework.modulith.core.ApplicationModule;
import org.springframework.modulith.core.ApplicationModules;
import org.springframework.modulith.docs.Documenter;

import static java.util.Map.entry;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Keeps the modules' boundaries: every package below {@code io.lakegov} is a module whose API is its root
 * package and whose sub-packages are internal, no two modules depend on each other, and each depends only on
 * the modules below it. The module diagrams and canvases in {@code docs/modules} are drawn from the same
 * model, so they cannot drift from the code.
 */
class ModuleTests {

	static final ApplicationModules MODULES = ApplicationModules.of(LakegovApplication.class);

	static final Path DOCS = Path.of("docs", "modules");

	/** The layering, bottom up: the modules each module may use. */
	static final Map<String, Set<String>> MAY_USE = Map.ofEntries(
			entry("sql", Set.of()),
			entry("embedded", Set.of()),
			entry("store", Set.of()),
			entry("web", Set.of("embedded")),
			entry("history", Set.of("embedded", "web")),
			entry("catalog", Set.of("history", "web")),
			entry("analysis", Set.of("sql", "web")),
			entry("usage", Set.of("sql", "store", "catalog", "web")),
			entry("views", Set.of("sql", "catalog", "usage", "web")),
			entry("reports", Set.of("history", "usage", "views", "web")),
			entry("impact", Set.of("catalog", "usage", "views", "web")),
			entry("retention", Set.of("sql", "history", "usage", "views", "web")),
			entry("ingest", Set.of("sql", "store", "history", "catalog", "analysis", "usage", "web")),
			entry("pages", Set.of("history", "usage", "reports", "impact", "retention", "ingest", "web")),
			entry("watch", Set.of("catalog", "usage", "views", "web")),
			entry("feed", Set.of("usage", "web")),
			entry("openlineage", Set.of("sql", "history", "usage", "web")),
			entry("archive", Set.of("store", "history", "usage", "views", "web")));

	@Test
	void modulesKeepTheirBoundaries() {
		MODULES.verify();
	}

	@Test
	void eachModuleUsesOnlyTheModulesBelowIt() {
		Map<String, Set<String>> uses = new TreeMap<>();
		MODULES.forEach(module -> uses.put(module.getIdentifier().toString(), module.getDirectDependencies(MODULES)
			.uniqueModules()
			.map(ApplicationModule::getIdentifier)
			.map(Object::toString)
			.collect(Collectors.toCollection(TreeSet::new))));
		assertThat(uses.keySet()).containsExactlyInAnyOrderElementsOf(MAY_USE.keySet());
		uses.forEach((module, used) -> assertThat(MAY_USE.get(module)).as("modules %s may use", module)
			.containsAll(used));
	}

	@Test
	void writesTheModuleDocumentation() throws IOException {
		new Documenter(MODULES, Documenter.Options.defaults().withOutputFolder(DOCS.toString())).writeDocumentation();
		try (Stream<Path> files = Files.list(DOCS)) {
			for (Path diagram : files.filter(file -> file.toString().endsWith(".puml")).toList()) {
				Files.write(diagram, inOrder(Files.readAllLines(diagram)));
			}
		}
	}

	/**
	 * The diagram with its relationships sorted: the documenter writes them in no fixed order, and the
	 * committed files should change only when the modules do.
	 */
	static List<String> inOrder(List<String> lines) {
		List<String> relationships = lines.stream().filter(line -> line.startsWith("Rel(")).sorted().toList();
		List<String> sorted = new ArrayList<>();
		int next = 0;
		for (String line : lines) {
			sorted.add(line.startsWith("Rel(") ? relationships.get(next++) : line);
		}
		return sorted;
	}

}
