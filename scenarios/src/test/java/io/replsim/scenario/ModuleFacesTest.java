package io.replsim.scenario;

import com.tngtech.archunit.core.importer.ClassFileImporter;
import io.replsim.faces.ReplsimModule;
import io.replsim.loadgen.facefixture.DriverThatSeesTheNode;
import io.replsim.scenario.facefixture.ScenarioReachingIntoAUser;
import io.replsim.scenario.facefixture.ScenarioReachingIntoTheStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Every module is on this module's class path, so here each one is held to the faces below it: scenarios uses
 * the settings, replication's spec, the node's and the driver's faces; and the driver and the node, which this
 * module wires together, never see each other (a dependency between them in a pom would show here first).
 */
class ModuleFacesTest {

    @ParameterizedTest
    @EnumSource(ReplsimModule.class)
    void eachModuleUsesOnlyTheFacesBelowIt(ReplsimModule module) {
        module.rule().check(module.productClasses());
    }

    @Test
    void aScenariosClassThatUsesTheNodesSessionStoreFailsTheRule() {
        var breach = new ClassFileImporter().importClasses(ScenarioReachingIntoTheStore.class);

        assertThatThrownBy(() -> ReplsimModule.SCENARIOS.rule().check(breach)).isInstanceOf(AssertionError.class)
                .hasMessageContaining("ScenarioReachingIntoTheStore").hasMessageContaining("SessionStore");
    }

    @Test
    void aScenariosClassThatUsesTheDriversInsideFailsTheRule() {
        var breach = new ClassFileImporter().importClasses(ScenarioReachingIntoAUser.class);

        assertThatThrownBy(() -> ReplsimModule.SCENARIOS.rule().check(breach)).isInstanceOf(AssertionError.class)
                .hasMessageContaining("ScenarioReachingIntoAUser").hasMessageContaining("VirtualUser");
    }

    @Test
    void aDriverClassThatUsesTheNodeFailsTheRule() {
        var breach = new ClassFileImporter().importClasses(DriverThatSeesTheNode.class);

        assertThatThrownBy(() -> ReplsimModule.LOADGEN.rule().check(breach)).isInstanceOf(AssertionError.class)
                .hasMessageContaining("DriverThatSeesTheNode").hasMessageContaining("NodeMain");
    }
}
