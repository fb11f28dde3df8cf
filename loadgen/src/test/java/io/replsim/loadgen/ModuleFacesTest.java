package io.replsim.loadgen;

import com.tngtech.archunit.core.importer.ClassFileImporter;
import io.replsim.faces.ReplsimModule;
import io.replsim.loadgen.facefixture.DriverReachingOut;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The driver stands on the settings vocabulary alone: it never sees the node (the two meet only over HTTP) nor
 * replication. scenarios' ModuleFacesTest checks the same rule where the node is on the class path too.
 */
class ModuleFacesTest {

    @Test
    void theDriverUsesOnlyTheSettings() {
        ReplsimModule.LOADGEN.rule().check(ReplsimModule.LOADGEN.productClasses());
    }

    @Test
    void aDriverClassThatUsesAnotherModuleFailsTheRule() {
        var breach = new ClassFileImporter().importClasses(DriverReachingOut.class);

        assertThatThrownBy(() -> ReplsimModule.LOADGEN.rule().check(breach)).isInstanceOf(AssertionError.class)
                .hasMessageContaining("DriverReachingOut").hasMessageContaining("OutsideType");
    }
}
