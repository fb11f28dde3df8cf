package io.replsim.settings;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
import io.replsim.faces.ReplsimModule;
import io.replsim.settings.layerfixture.SettingReachingOut;
import org.junit.jupiter.api.Test;

/**
 * The settings vocabulary is the ground replication and loadgen stand on: it uses no type of any other replsim
 * module, or those modules would depend on each other through it.
 */
class GroundModuleTest {

    private static final ArchRule GROUND = ReplsimModule.SETTINGS.rule();

    @Test
    void theSettingsUseNoOtherReplsimModule() {
        GROUND.check(ReplsimModule.SETTINGS.productClasses());
    }

    @Test
    void aSettingsClassThatUsesAnotherModuleFailsTheRule() {
        JavaClasses breach = new ClassFileImporter().importClasses(SettingReachingOut.class);

        assertThatThrownBy(() -> GROUND.check(breach)).isInstanceOf(AssertionError.class)
                .hasMessageContaining("SettingReachingOut").hasMessageContaining("OutsideType");
    }
}
