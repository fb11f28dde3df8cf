package io.replsim.node;

import com.tngtech.archunit.core.importer.ClassFileImporter;
import io.replsim.faces.ReplsimModule;
import io.replsim.node.facefixture.NodeReachingIntoTheEngine;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The node uses the settings and replication's host face: it starts an engine through EngineFactory, serves
 * sessions from the store and reads the member's stats, but never names an engine, the wire format or delivery.
 * It never sees the load driver either (the two meet only over HTTP).
 */
class ModuleFacesTest {

    @Test
    void theNodeUsesOnlyTheFacesBelowIt() {
        ReplsimModule.CLUSTER_NODE.rule().check(ReplsimModule.CLUSTER_NODE.productClasses());
    }

    @Test
    void aNodeClassThatNamesAnEngineFailsTheRule() {
        var breach = new ClassFileImporter().importClasses(NodeReachingIntoTheEngine.class);

        assertThatThrownBy(() -> ReplsimModule.CLUSTER_NODE.rule().check(breach)).isInstanceOf(AssertionError.class)
                .hasMessageContaining("NodeReachingIntoTheEngine").hasMessageContaining("JGroupsEngine");
    }
}
