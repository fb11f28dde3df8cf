package io.replsim.scenario.spec;

import io.replsim.node.settings.StackSettings;
import io.replsim.replication.transport.StackPreset;
import io.replsim.replication.transport.StackTuning;

import java.util.List;
import java.util.stream.Stream;

/**
 * Reads the {@code jgroups} section: a preset ({@code tuned}, replsim's own and the default; {@code wildfly};
 * {@code jboss5}) and any of its values overridden, each by the JGroups protocol it sets, with the node's own stack
 * settings ({@link StackSettings}): the preset gives every value the file leaves out.
 */
final class JGroupsReader {

    static final List<String> FIELDS = Stream.concat(Stream.of("preset"),
            SectionSettings.fieldsOf(StackSettings.GROUP).stream()).toList();

    /**
     * A UDP member multicasts on loopback, and a container's node binds its address on the run's Docker network;
     * whether multicast crosses that bridge network could not be checked where this was built (no Docker daemon).
     */
    static final String UDP_IN_CONTAINERS = "tcp or tcp-nio2 with cluster.runtime docker: a udp member keeps its"
            + " multicast on loopback, and each container's node binds its own address on the run's Docker network"
            + " (multicast across that bridge is not built or checked); run udp with cluster.runtime process";

    private JGroupsReader() {
    }

    /** The stack tuning, or the default when the section is absent; problems reported on the way. */
    static StackTuning read(MapReader jgroups) {
        StackPreset preset = jgroups.choice("preset", StackPreset.class, "a preset").orElse(StackPreset.TUNED);
        return StackSettings.GROUP.read(SectionSettings.of(jgroups, StackSettings.GROUP), preset.tuning());
    }
}
