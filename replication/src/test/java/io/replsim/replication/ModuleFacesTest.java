package io.replsim.replication;

import com.tngtech.archunit.core.importer.ClassFileImporter;
import io.replsim.faces.ReplsimModule;
import io.replsim.replication.facefixture.EngineReachingOut;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Replication stands on the settings vocabulary alone: it sees no other replsim module. */
class ModuleFacesTest {

    @Test
    void replicationUsesOnlyTheSettings() {
        ReplsimModule.REPLICATION.rule().check(ReplsimModule.REPLICATION.productClasses());
    }

    @Test
    void aReplicationClassThatUsesAnotherModuleFailsTheRule() {
        var breach = new ClassFileImporter().importClasses(EngineReachingOut.class);

        assertThatThrownBy(() -> ReplsimModule.REPLICATION.rule().check(breach)).isInstanceOf(AssertionError.class)
                .hasMessageContaining("EngineReachingOut").hasMessageContaining("OutsideType");
    }
}
