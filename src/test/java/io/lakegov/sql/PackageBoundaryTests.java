package io.lakegov.sql;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

class PackageBoundaryTests {

    @Test
    void analyserDependsOnlyOnTheJdkAndParserLibraries() {
        JavaClasses analyser = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("io.lakegov.sql");

        classes().that().resideInAPackage("io.lakegov.sql..")
                .should().onlyDependOnClassesThat().resideInAnyPackage("io.lakegov.sql..", "java..",
                        "org.antlr.v4.runtime..", "org.apache.spark.sql.catalyst.parser..", "io.delta.sql.parser..",
                        "net.sf.jsqlparser..", "org.yaml.snakeyaml..")
                .check(analyser);
    }
}
