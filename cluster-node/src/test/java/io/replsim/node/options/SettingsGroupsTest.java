package io.replsim.node.options;

import io.replsim.node.app.AttributeShape;
import io.replsim.node.app.CounterApp;
import io.replsim.node.app.LogoutCookie;
import io.replsim.node.app.ServiceTime;
import io.replsim.node.app.SessionProfile;
import io.replsim.node.settings.NodeResources;
import io.replsim.node.settings.ReplicationSettings;
import io.replsim.node.settings.StackSettings;
import io.replsim.replication.AsyncQueueSettings;
import io.replsim.replication.BuddyPools;
import io.replsim.replication.DeliveryKind;
import io.replsim.replication.GranularityKind;
import io.replsim.replication.NodeId;
import io.replsim.replication.Placement;
import io.replsim.replication.ReplicationSpec;
import io.replsim.replication.ReplicationTrigger;
import io.replsim.replication.transport.BundlerKind;
import io.replsim.replication.transport.StackPreset;
import io.replsim.replication.transport.StackTuning;
import io.replsim.replication.transport.TransportKind;
import io.replsim.settings.DataSize;
import io.replsim.settings.Setting;
import io.replsim.settings.SettingsGroup;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every settings group's record, written onto a command line by the group and read back by the node's parser, is
 * the same record, with every value away from its default: a setting added to a group crosses to the node with no
 * other code.
 */
class SettingsGroupsTest {

    private static final List<String> OWN = List.of("--name", "node1", "--cluster", "c", "--http-port", "18081",
            "--admin-port", "18181", "--jgroups-port", "18281", "--members", "127.0.0.1[18281]");

    @Test
    void everyGroupReachesTheNodeUnchanged() {
        var resources = new NodeResources(7, 1.25, Optional.empty());
        var payload = DataSize.parse("3KB");
        var profile = new SessionProfile(12, 300, AttributeShape.GRAPH, 0.35, true);
        var replication = ReplicationSpec.builder()
                .placement(new Placement.Buddies(2, new BuddyPools(List.of(
                        Set.of(new NodeId("node1"), new NodeId("node2")), Set.of(new NodeId("node3"))))))
                .granularity(GranularityKind.ATTRIBUTE).delivery(DeliveryKind.ASYNC)
                .syncTimeout(Duration.ofMillis(1500))
                .asyncQueue(new AsyncQueueSettings(Duration.ofNanos(250_000), 7, 99))
                .trigger(ReplicationTrigger.SET_AND_GET).maxUnreplicatedInterval(Duration.ofMinutes(90)).build();
        var service = new ServiceTime(Duration.ofMillis(3), Duration.ofMillis(1500));
        var stack = new StackTuning(TransportKind.TCP, new StackTuning.FailureDetection(Duration.ofSeconds(7),
                Duration.ofMillis(700), Duration.ofMillis(70), false, false), new StackTuning.MergeIntervals(
                Duration.ofSeconds(2), Duration.ofMinutes(1)), new StackTuning.Bundling(BundlerKind.NO_BUNDLER,
                70 * 1024), new StackTuning.ThreadPoolSize(3, 9, Duration.ofSeconds(45)));
        List<String> argv = new ArrayList<>(OWN);
        argv.addAll(NodeResources.SETTINGS.arguments(resources));
        argv.addAll(CounterApp.SETTINGS.arguments(payload));
        argv.addAll(SessionProfile.SETTINGS.arguments(profile));
        argv.addAll(ReplicationSettings.GROUP.arguments(replication));
        argv.addAll(ServiceTime.SETTINGS.arguments(service));
        argv.addAll(StackSettings.GROUP.arguments(stack));
        argv.addAll(LogoutCookie.SETTINGS.arguments(LogoutCookie.KEEP));

        NodeOptions node = new NodeOptionsParser().parse(argv.toArray(String[]::new));

        assertThat(node.resources()).isEqualTo(resources);
        assertThat(node.payloadBytes()).isEqualTo(3 * 1024);
        assertThat(node.profile()).isEqualTo(profile).isNotEqualTo(SessionProfile.DEFAULT);
        assertThat(node.replication()).isEqualTo(replication);
        assertThat(node.serviceTime()).isEqualTo(service);
        assertThat(node.stack()).isEqualTo(stack).isNotEqualTo(StackPreset.TUNED.tuning());
        assertThat(node.logoutCookie()).isEqualTo(LogoutCookie.KEEP);
    }

    @Test
    void aGroupWritesOnlyTheSettingsItsRecordCallsFor() {
        List<String> sync = ReplicationSettings.GROUP.arguments(ReplicationSpec.fullSync());

        assertThat(sync).contains("--placement", "--delivery", "--sync-timeout")
                .doesNotContain("--buddies", "--buddy-pools", "--async-bundle-timeout", "--async-max-bundle",
                        "--async-capacity");
    }

    @Test
    void noTwoSettingsShareAFlagOrAPathInTheirGroup() {
        List<SettingsGroup<?>> groups = List.of(NodeResources.SETTINGS, CounterApp.SETTINGS, SessionProfile.SETTINGS,
                ServiceTime.SETTINGS, LogoutCookie.SETTINGS, ReplicationSettings.GROUP, StackSettings.GROUP);

        List<String> flags = groups.stream().flatMap(group -> group.flags().stream()).toList();

        assertThat(flags).doesNotHaveDuplicates();
        for (SettingsGroup<?> group : groups) {
            assertThat(group.settings().stream().map(Setting::path)).doesNotHaveDuplicates();
        }
        assertThat(Stream.of("--name", "--members", "--parent-pid")).noneMatch(flags::contains);
    }
}
