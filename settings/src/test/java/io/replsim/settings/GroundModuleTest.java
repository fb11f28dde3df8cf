package io.replsim.settings;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideOutsideOfPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import io.replsim.settings.layerfixture.SettingReachingOut;
import org.junit.jupiter.api.Test;

/**
 * The settings vocabulary is the ground replication and loadgen stand on: it uses no type of any other replsim
 * module, or those modules would depend on each other through it.
 */
class GroundModuleTest {

    private static final String ROOT = "io.replsim.settings";

    private static final ArchRule GROUND = noClasses().that().resideInAPackage(ROOT + "..").should()
            .dependOnClassesThat(resideInAPackage("io.replsim..").and(resideOutsideOfPackage(ROOT + "..")));

    @Test
    void theSettingsUseNoOtherReplsimModule() {
        JavaClasses main = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages(ROOT);

        GROUND.check(main);
    }

    @Test
    void aSettingsClassThatUsesAnotherModuleFailsTheRule() {
        JavaClasses breach = new ClassFileImporter().importClasses(SettingReachingOut.class);

        assertThatThrownBy(() -> GROUND.check(breach)).isInstanceOf(AssertionError.class)
                .hasMessageContaining("SettingReachingOut").hasMessageContaining("OutsideType");
    }
}
