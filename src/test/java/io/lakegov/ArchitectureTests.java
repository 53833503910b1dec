package io.lakegov;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

class ArchitectureTests {

	static final JavaClasses LAKEGOV = new ClassFileImporter()
		.withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
		.importPackages("io.lakegov");

	@Test
	void analyserDependsOnlyOnTheJdkAndParserLibraries() {
		classes().that()
			.resideInAPackage("io.lakegov.sql..")
			.should()
			.onlyDependOnClassesThat()
			.resideInAnyPackage("io.lakegov.sql..", "java..", "javax.annotation..", "org.antlr.v4.runtime..",
					"org.apache.spark.sql.catalyst.parser..", "io.delta.sql.parser..", "net.sf.jsqlparser..",
					"org.yaml.snakeyaml..")
			.check(LAKEGOV);
	}

	@Test
	void onlyTheApplicationClassLivesAtTheRoot() {
		classes().that()
			.resideInAPackage("io.lakegov")
			.should()
			.haveSimpleNameStartingWith("LakegovApplication")
			.check(LAKEGOV);
	}

}
