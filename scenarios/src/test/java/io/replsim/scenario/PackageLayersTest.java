package io.replsim.scenario;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import io.replsim.scenario.report.layerfixture.ReportReachingIntoRun;
import io.replsim.scenario.spec.layerfixture.SpecReachingIntoCapacity;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideOutsideOfPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The scenarios module in layers: no package imports another that imports it back (the packages under
 * {@code io.replsim.scenario}, and the command line {@code io.replsim.cli}); the report is built from what a run
 * recorded and never reaches into the runner; the spec records are the ground every other package reads, so they
 * import none of them. How this module and the ones below it meet is ModuleFacesTest's.
 */
class PackageLayersTest {

    private static final String ROOT = "io.replsim.scenario";
    private static final String CLI = "io.replsim.cli";

    /** Test classes and the loadgen test jar (its synthetic servers) are fixtures, not the product. */
    private static final ImportOption PRODUCT_ONLY = location -> !location.contains("-tests.jar");

    private static final JavaClasses MAIN = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).withImportOption(PRODUCT_ONLY)
            .importPackages(ROOT, CLI);

    private static final ArchRule REPORT_BELOW_RUN = noClasses().that().resideInAPackage(ROOT + ".report..")
            .should().dependOnClassesThat().resideInAPackage(ROOT + ".run..");

    private static final ArchRule SPEC_IS_GROUND = noClasses().that().resideInAPackage(ROOT + ".spec..")
            .should().dependOnClassesThat(resideInAnyPackage(ROOT + "..", CLI + "..")
                    .and(resideOutsideOfPackage(ROOT + ".spec..")));

    @Test
    void packagesFormNoCycle() {
        slices().assignedFrom(new FirstPackageUnderRoot()).should().beFreeOfCycles().check(MAIN);
    }

    @Test
    void theReportDoesNotDependOnTheRunner() {
        REPORT_BELOW_RUN.check(MAIN);
    }

    @Test
    void theSpecDependsOnNoOtherScenarioPackage() {
        SPEC_IS_GROUND.check(MAIN);
    }

    @Test
    void aReportClassThatUsesTheRunnerFailsTheRule() {
        JavaClasses breach = new ClassFileImporter().importClasses(ReportReachingIntoRun.class);

        assertThatThrownBy(() -> REPORT_BELOW_RUN.check(breach)).isInstanceOf(AssertionError.class)
                .hasMessageContaining("ReportReachingIntoRun").hasMessageContaining("RunDirectory");
    }

    @Test
    void aSpecClassThatUsesAnotherScenarioPackageFailsTheRule() {
        JavaClasses breach = new ClassFileImporter().importClasses(SpecReachingIntoCapacity.class);

        assertThatThrownBy(() -> SPEC_IS_GROUND.check(breach)).isInstanceOf(AssertionError.class)
                .hasMessageContaining("SpecReachingIntoCapacity").hasMessageContaining("SearchPlan");
    }

    private static final class FirstPackageUnderRoot implements SliceAssignment {
        @Override
        public SliceIdentifier getIdentifierOf(JavaClass type) {
            String name = type.getPackageName();
            if (name.equals(CLI) || name.startsWith(CLI + ".")) {
                return SliceIdentifier.of("cli");
            }
            if (name.equals(ROOT)) {
                return SliceIdentifier.of("(root)");
            }
            if (name.startsWith(ROOT + ".")) {
                return SliceIdentifier.of(name.substring(ROOT.length() + 1).split("\\.")[0]);
            }
            return SliceIdentifier.ignore();
        }

        @Override
        public String getDescription() {
            return "the packages under " + ROOT + " and " + CLI;
        }
    }
}
