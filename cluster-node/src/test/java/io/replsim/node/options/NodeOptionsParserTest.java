package io.replsim.node.options;

import io.replsim.replication.transport.StackPreset;
import io.replsim.replication.transport.StackTuning;
import io.replsim.replication.transport.TransportKind;
import io.replsim.node.app.AttributeShape;
import io.replsim.node.app.LogoutCookie;
import io.replsim.node.app.ServiceTime;
import io.replsim.node.settings.NodeResources;
import io.replsim.node.app.SessionProfile;
import io.replsim.replication.AsyncEnds;
import io.replsim.replication.AsyncQueueSettings;
import io.replsim.replication.BuddyPools;
import io.replsim.replication.DeliveryKind;
import io.replsim.replication.EngineKind;
import io.replsim.replication.GranularityKind;
import io.replsim.replication.NodeId;
import io.replsim.replication.Placement;
import io.replsim.replication.ReplicationTrigger;
import io.replsim.replication.SessionLifecycle;
import io.replsim.replication.transport.Discovery;
import io.replsim.replication.transport.Formation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalLong;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

class NodeOptionsParserTest {
    private static final List<String> FULL = List.of(
            "--name", "node1", "--cluster", "replsim-run1", "--bind", "127.0.0.1",
            "--http-port", "18081", "--admin-port", "18181", "--jgroups-port", "18281",
            "--members", "127.0.0.1[18281],127.0.0.1[18282],127.0.0.1[18283]",
            "--workers", "16", "--cpu-budget", "0.66", "--payload-bytes", "4096",
            "--placement", "all", "--granularity", "session", "--delivery", "sync", "--sync-timeout", "2s",
            "--parent-pid", "12345", "--service-cpu", "0ms", "--service-wait", "0ms");

    private final NodeOptionsParser parser = new NodeOptionsParser();

    @Test
    void theDocumentedCommandLineParses() throws Exception {
        NodeOptions options = parser.parse(FULL.toArray(String[]::new));

        assertThat(options.name()).isEqualTo(new NodeId("node1"));
        assertThat(options.cluster()).isEqualTo("replsim-run1");
        assertThat(options.bind().getHostAddress()).isEqualTo("127.0.0.1");
        assertThat(options.httpPort()).isEqualTo(18081);
        assertThat(options.adminPort()).isEqualTo(18181);
        assertThat(options.jgroupsPort()).isEqualTo(18281);
        assertThat(((Discovery.StaticMembers) options.discovery()).members()).extracting(InetSocketAddress::getPort).containsExactly(18281, 18282, 18283);
        assertThat(options.workers()).isEqualTo(16);
        assertThat(options.cpuBudgetCores()).isEqualTo(0.66);
        assertThat(options.payloadBytes()).isEqualTo(4096);
        assertThat(options.replication().placement()).isEqualTo(new Placement.AllMembers());
        assertThat(options.replication().granularity()).isEqualTo(GranularityKind.SESSION);
        assertThat(options.replication().delivery()).isEqualTo(DeliveryKind.SYNC);
        assertThat(options.replication().syncTimeout()).isEqualTo(Duration.ofSeconds(2));
        assertThat(options.parentPid()).isEqualTo(OptionalLong.of(12345));
    }

    @Test
    void optionsWithEqualsSignsAndDefaultsParse() throws Exception {
        NodeOptions options = parser.parse("--name=n2", "--cluster=c", "--http-port=1", "--admin-port=2",
                "--jgroups-port=3", "--members=127.0.0.1[3]", "--sync-timeout=500ms");

        assertThat(options.workers()).isEqualTo(NodeResources.SCENARIO_DEFAULTS.workers());
        assertThat(options.cpuBudgetCores()).isEqualTo(Runtime.getRuntime().availableProcessors());
        assertThat(options.payloadBytes()).isEqualTo(NodeOptionsParser.DEFAULT_PAYLOAD_BYTES);
        assertThat(options.replication().syncTimeout()).isEqualTo(Duration.ofMillis(500));
        assertThat(options.parentPid()).isEmpty();
        assertThat(options.formation()).isEqualTo(Formation.JOIN);
    }

    @ParameterizedTest
    @CsvSource({"found, FOUND", "join-founder, JOIN_FOUNDER", "join, JOIN"})
    void aNodeEntersItsClusterAsItsFormationSays(String label, Formation formation) throws Exception {
        var args = new ArrayList<>(FULL);
        args.addAll(List.of("--formation", label));

        assertThat(parser.parse(args.toArray(String[]::new)).formation()).isEqualTo(formation);
    }

    @ParameterizedTest
    @CsvSource({"keep, KEEP", "expire, EXPIRE"})
    void aLogoutKeepsOrExpiresTheCookieAsTheOptionSays(String label, LogoutCookie logoutCookie) throws Exception {
        var args = new ArrayList<>(FULL);
        args.addAll(List.of("--logout-cookie", label));

        assertThat(parser.parse(args.toArray(String[]::new)).logoutCookie()).isEqualTo(logoutCookie);
        assertThat(parser.parse(FULL.toArray(String[]::new)).logoutCookie()).isEqualTo(LogoutCookie.EXPIRE);
    }

    @Test
    void aLogoutCookieThatIsNeitherIsNamed() {
        var args = new ArrayList<>(FULL);
        args.addAll(List.of("--logout-cookie", "drop"));

        var bad = catchThrowableOfType(BadArgumentException.class, () -> parser.parse(args.toArray(String[]::new)));

        assertThat(bad.getMessage()).isEqualTo("--logout-cookie: got \"drop\", expected what a logout does with the"
                + " session cookie, one of: expire, keep");
    }

    @Test
    void aFormationThatIsNoneOfThemIsNamed() {
        var args = new ArrayList<>(FULL);
        args.addAll(List.of("--formation", "first"));

        var bad = catchThrowableOfType(BadArgumentException.class, () -> parser.parse(args.toArray(String[]::new)));

        assertThat(bad.getMessage()).isEqualTo("--formation: got \"first\", expected one of: join, join-founder, found");
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', value = {
            "--http-port    | abc              | a port number 1-65535",
            "--http-port    | 70000            | a port number 1-65535",
            "--jgroups-port | 65500            | a port number 1-65435",
            "--name         | node.1           | letters, digits",
            "--bind         | localhost        | an IP address",
            "--members      | 127.0.0.1:18281  | host[port] entries",
            "--workers      | 0                | a whole number from 1 to 1000",
            "--cpu-budget   | -1               | a number of cores above 0 and at most 64",
            "--payload-bytes| lots             | a size such as 512 (bytes), 4KB",
            "--payload-bytes| 17MB             | a size from 0 to 16MB",
            "--placement    | neighbours       | one of: all, buddies, none",
            "--granularity  | delta            | one of: session, attribute",
            "--delivery     | eventually       | one of: sync, async",
            "--sync-timeout | 2                | a duration with a unit (ms, s, m or h)",
            "--sync-timeout | 0s               | a duration above 0s and at most 10m",
            "--parent-pid   | -5               | a process id",
            "--service-cpu  | 2                | a duration with a unit (ms, s, m or h)",
            "--service-cpu  | -2ms             | a duration such as 500ms",
            "--service-wait | 11s              | a duration from 0ms to 10s",
    })
    void aBadValueNamesTheArgumentWhatWasGivenAndWhatIsExpected(String option, String value, String expected) {
        var args = new ArrayList<>(FULL);
        args.set(args.indexOf(option) + 1, value);

        var bad = catchThrowableOfType(BadArgumentException.class, () -> parser.parse(args.toArray(String[]::new)));

        assertThat(bad.argument()).isEqualTo(option);
        assertThat(bad.getMessage()).startsWith(option + ": got \"" + value + "\", expected ").contains(expected);
    }

    @Test
    void theServiceTimeIsNoneByDefaultAndTakesItsCpuAndWait() throws Exception {
        assertThat(parser.parse(FULL.toArray(String[]::new)).serviceTime()).isEqualTo(ServiceTime.NONE);

        var args = new ArrayList<>(FULL);
        args.set(args.indexOf("--service-cpu") + 1, "2ms");
        args.set(args.indexOf("--service-wait") + 1, "1.5s");

        assertThat(parser.parse(args.toArray(String[]::new)).serviceTime())
                .isEqualTo(new ServiceTime(Duration.ofMillis(2), Duration.ofMillis(1500)));
    }

    @Test
    void theNonePlacementTakesNoBuddiesAndIsRefusedUnderInfinispan() throws Exception {
        var args = new ArrayList<>(FULL);
        args.set(args.indexOf("--placement") + 1, "none");
        assertThat(parser.parse(args.toArray(String[]::new)).replication().placement())
                .isEqualTo(new Placement.None());

        var withBuddies = new ArrayList<>(args);
        withBuddies.addAll(List.of("--buddies", "1"));
        var buddies = catchThrowableOfType(BadArgumentException.class,
                () -> parser.parse(withBuddies.toArray(String[]::new)));
        assertThat(buddies.argument()).isEqualTo("--buddies");

        args.addAll(List.of("--engine", "infinispan"));
        var infinispan = catchThrowableOfType(BadArgumentException.class,
                () -> parser.parse(args.toArray(String[]::new)));
        assertThat(infinispan.argument()).isEqualTo("--placement");
        assertThat(infinispan.getMessage()).contains("--engine jgroups");
    }

    @Test
    void theBuddyPlacementTakesItsCountAndPools() throws Exception {
        var args = new ArrayList<>(FULL);
        args.set(args.indexOf("--placement") + 1, "buddies");
        args.addAll(List.of("--buddies", "2", "--buddy-pools", "node1,node2/node3,node4"));

        NodeOptions options = parser.parse(args.toArray(String[]::new));

        assertThat(options.replication().placement()).isEqualTo(new Placement.Buddies(2, new BuddyPools(List.of(
                Set.of(new NodeId("node1"), new NodeId("node2")), Set.of(new NodeId("node3"), new NodeId("node4"))))));
    }

    @ParameterizedTest(name = "{0} {1} with --placement {2}")
    @CsvSource(delimiter = '|', value = {
            "--buddies      | 0                   | buddies | a whole number from 1 to 15",
            "--buddy-pools  | node1,node2/node2   | buddies | each member in one pool",
            "--buddies      | 1                   | all     | no such option unless --placement buddies",
    })
    void aBadBuddyArgumentIsNamed(String option, String value, String placement, String expected) {
        var args = new ArrayList<>(FULL);
        args.set(args.indexOf("--placement") + 1, placement);
        args.addAll(List.of(option, value));

        var bad = catchThrowableOfType(BadArgumentException.class, () -> parser.parse(args.toArray(String[]::new)));

        assertThat(bad.argument()).isEqualTo(option);
        assertThat(bad.getMessage()).contains(expected);
    }

    @Test
    void theEngineIsJGroupsByDefaultAndInfinispanOnRequest() throws Exception {
        var args = new ArrayList<>(FULL);
        assertThat(parser.parse(args.toArray(String[]::new)).replication().engine()).isEqualTo(EngineKind.JGROUPS);

        args.addAll(List.of("--engine", "infinispan"));

        assertThat(parser.parse(args.toArray(String[]::new)).replication().engine()).isEqualTo(EngineKind.INFINISPAN);
    }

    @Test
    void buddyPoolsUnderInfinispanAreRefusedNamingTheOptionAndWhatToUseInstead() {
        var args = new ArrayList<>(FULL);
        args.set(args.indexOf("--placement") + 1, "buddies");
        args.addAll(List.of("--buddy-pools", "node1,node2/node3,node4", "--engine", "infinispan"));

        assertThatThrownBy(() -> parser.parse(args.toArray(String[]::new)))
                .isInstanceOf(BadArgumentException.class)
                .hasMessageStartingWith("--buddy-pools: got \"node1,node2/node3,node4\", expected under --engine"
                        + " infinispan, buddy pools have no Infinispan equivalent")
                .hasMessageEndingWith("or use --engine jgroups");
    }

    @Test
    void asyncDeliveryTakesItsQueueSettings() throws Exception {
        var args = new ArrayList<>(FULL);
        args.set(args.indexOf("--delivery") + 1, "async");
        args.addAll(List.of("--async-bundle-timeout", "0ms", "--async-max-bundle", "20", "--async-capacity", "500"));

        NodeOptions options = parser.parse(args.toArray(String[]::new));

        assertThat(options.replication().delivery()).isEqualTo(DeliveryKind.ASYNC);
        assertThat(options.replication().asyncQueue()).isEqualTo(new AsyncQueueSettings(Duration.ZERO, 20, 500));
        assertThat(options.replication().asyncQueue().ends()).isEqualTo(AsyncEnds.AWAITED);
    }

    @Test
    void asyncDeliveryQueuesSessionEndsWhenTold() throws Exception {
        var args = new ArrayList<>(FULL);
        args.set(args.indexOf("--delivery") + 1, "async");
        args.addAll(List.of("--async-ends", "queued"));
        var sync = new ArrayList<>(FULL);
        sync.addAll(List.of("--async-ends", "queued"));

        assertThat(parser.parse(args.toArray(String[]::new)).replication().asyncQueue().ends())
                .isEqualTo(AsyncEnds.QUEUED);
        assertThat(catchThrowableOfType(BadArgumentException.class, () -> parser.parse(sync.toArray(String[]::new)))
                .argument()).isEqualTo("--async-ends");
    }

    @Test
    void theProfileAppTakesItsSessionShapeAndTheReplicationItsTriggerAndInterval() throws Exception {
        var args = new ArrayList<>(FULL);
        args.addAll(List.of("--profile-attributes", "20", "--profile-attribute-bytes", "256", "--profile-shape", "graph",
                "--profile-modified-share", "0.1", "--profile-mutate-in-place", "true", "--trigger", "set",
                "--max-unreplicated-interval", "0s"));

        NodeOptions options = parser.parse(args.toArray(String[]::new));

        assertThat(options.profile()).isEqualTo(new SessionProfile(20, 256, AttributeShape.GRAPH, 0.1, true));
        assertThat(options.replication().trigger()).isEqualTo(ReplicationTrigger.SET);
        assertThat(options.replication().maxUnreplicatedInterval()).isZero();
    }

    @Test
    void sessionsExpireOnlyWithAMaxInactiveIntervalThatIsAPositiveWholeNumberOfMilliseconds() throws Exception {
        assertThat(parser.parse(FULL.toArray(String[]::new)).replication().lifecycle())
                .isEqualTo(SessionLifecycle.NEVER_EXPIRE);
        var args = new ArrayList<>(FULL);
        args.addAll(List.of("--max-inactive-interval", "2s"));
        assertThat(parser.parse(args.toArray(String[]::new)).replication().lifecycle())
                .isEqualTo(SessionLifecycle.expiringAfter(Duration.ofSeconds(2)));

        for (String bad : List.of("0s", "-1s", "0.5ms", "soon")) {
            var badArgs = new ArrayList<>(FULL);
            badArgs.addAll(List.of("--max-inactive-interval", bad));
            assertThatThrownBy(() -> parser.parse(badArgs.toArray(String[]::new)))
                    .isInstanceOf(BadArgumentException.class).hasMessageContaining("--max-inactive-interval");
        }
    }

    @Test
    void durationsAndSizesReadAsScenarioFilesWriteThem() throws Exception {
        var args = new ArrayList<>(FULL);
        args.set(args.indexOf("--sync-timeout") + 1, "1.5s");
        args.set(args.indexOf("--payload-bytes") + 1, "4KB");
        args.set(args.indexOf("--delivery") + 1, "async");
        args.addAll(List.of("--max-unreplicated-interval", "1h", "--async-bundle-timeout", "0.5ms",
                "--profile-attribute-bytes", "1KB"));

        NodeOptions options = parser.parse(args.toArray(String[]::new));

        assertThat(options.replication().syncTimeout()).isEqualTo(Duration.ofMillis(1500));
        assertThat(options.replication().maxUnreplicatedInterval()).isEqualTo(Duration.ofHours(1));
        assertThat(options.replication().asyncQueue().bundleTimeout()).isEqualTo(Duration.ofNanos(500_000));
        assertThat(options.payloadBytes()).isEqualTo(4096);
        assertThat(options.profile().attributeBytes()).isEqualTo(1024);
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', value = {
            "--profile-shape          | tree   | one of: bytes, graph",
            "--profile-modified-share | 1.5    | a share from 0 to 1",
            "--profile-mutate-in-place| yes    | a boolean, one of: true, false",
            "--trigger                | always | one of: set, set-and-non-primitive-get, set-and-get",
    })
    void aBadProfileOrTriggerArgumentIsNamed(String option, String value, String expected) {
        var args = new ArrayList<>(FULL);
        args.addAll(List.of(option, value));

        var bad = catchThrowableOfType(BadArgumentException.class, () -> parser.parse(args.toArray(String[]::new)));

        assertThat(bad.argument()).isEqualTo(option);
        assertThat(bad.getMessage()).contains(expected);
    }

    @Test
    void asyncQueueSettingsUnderSyncAreRefused() {
        var args = new ArrayList<>(FULL);
        args.addAll(List.of("--async-capacity", "500"));

        var bad = catchThrowableOfType(BadArgumentException.class, () -> parser.parse(args.toArray(String[]::new)));

        assertThat(bad.argument()).isEqualTo("--async-capacity");
        assertThat(bad.getMessage()).contains("no such option unless --delivery async");
    }

    @Test
    void aMissingRequiredOptionIsNamed() {
        var args = new ArrayList<>(FULL);
        int at = args.indexOf("--members");
        args.remove(at + 1);
        args.remove(at);

        var bad = catchThrowableOfType(BadArgumentException.class, () -> parser.parse(args.toArray(String[]::new)));

        assertThat(bad.argument()).isEqualTo("--members");
        assertThat(bad.getMessage()).startsWith("--members: got nothing, expected host[port]");
    }

    @Test
    void anUnknownOptionIsNamed() {
        var args = new ArrayList<>(FULL);
        args.addAll(Arrays.asList("--colour", "blue"));

        var bad = catchThrowableOfType(BadArgumentException.class, () -> parser.parse(args.toArray(String[]::new)));

        assertThat(bad.argument()).isEqualTo("--colour");
    }

    @Test
    void anOptionWithoutItsValueIsNamed() {
        var args = new ArrayList<>(FULL);
        args.add("--workers");

        var bad = catchThrowableOfType(BadArgumentException.class, () -> parser.parse(args.toArray(String[]::new)));

        assertThat(bad.argument()).isEqualTo("--workers");
        assertThat(bad.getMessage()).contains("a value after it");
    }

    @Test
    void dnsDiscoveryNamesTheServiceAndNeedsNoMembers() throws Exception {
        var args = withoutMembers();
        args.addAll(List.of("--discovery", "dns:replsim-nodes.default.svc.cluster.local"));

        NodeOptions options = parser.parse(args.toArray(String[]::new));

        assertThat(options.discovery()).isEqualTo(new Discovery.Dns("replsim-nodes.default.svc.cluster.local"));
    }

    @ParameterizedTest
    @CsvSource({"dns:", "dns:not a name", "multicast", "dns:-leading-dash.example"})
    void aDiscoveryThatIsNeitherTcppingNorADnsNameIsNamed(String discovery) {
        var args = withoutMembers();
        args.addAll(List.of("--discovery", discovery));

        var bad = catchThrowableOfType(BadArgumentException.class, () -> parser.parse(args.toArray(String[]::new)));

        assertThat(bad.argument()).isEqualTo("--discovery");
        assertThat(bad.getMessage()).contains("tcpping (with --members) or dns:<name>");
    }

    @Test
    void membersBesideDnsDiscoveryAreRefused() {
        var args = new ArrayList<>(FULL);
        args.addAll(List.of("--discovery", "dns:replsim-nodes"));

        var bad = catchThrowableOfType(BadArgumentException.class, () -> parser.parse(args.toArray(String[]::new)));

        assertThat(bad.argument()).isEqualTo("--members");
        assertThat(bad.getMessage()).contains("DNS names the members");
    }

    private static List<String> withoutMembers() {
        var args = new ArrayList<>(FULL);
        int at = args.indexOf("--members");
        args.remove(at + 1);
        args.remove(at);
        return args;
    }

    @Test
    void withoutStackOptionsTheNodeRunsReplsimsOwnTuning() throws Exception {
        assertThat(parser.parse(FULL.toArray(String[]::new)).stack()).isEqualTo(StackPreset.TUNED.tuning());
    }

    @Test
    void theStackOptionsTuneTransportFailureDetectionMergeBundlerAndThreadPool() throws Exception {
        var args = new ArrayList<>(FULL);
        args.addAll(List.of("--jgroups-transport", "tcp", "--fd-all-timeout", "40s", "--fd-all-interval", "8s",
                "--verify-suspect-timeout", "1s", "--closed-port-confirms", "false", "--fd-sock", "false",
                "--merge-min-interval", "10s", "--merge-max-interval", "30s", "--bundler", "per-destination",
                "--bundler-max-size", "64000", "--thread-pool-min", "0", "--thread-pool-max", "200",
                "--thread-pool-keep-alive", "1m"));

        StackTuning stack = parser.parse(args.toArray(String[]::new)).stack();

        assertThat(stack).isEqualTo(StackPreset.WILDFLY.tuning().withFailureDetection(
                StackPreset.WILDFLY.tuning().failureDetection().withSocketMonitor(false)));
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', value = {
            "--jgroups-transport      | nio     | one of: tcp, tcp-nio2, udp",
            "--fd-all-timeout         | 0s      | a whole number of milliseconds from 1ms to 10m",
            "--verify-suspect-timeout | 0.5ms   | a whole number of milliseconds from 1ms to 10m",
            "--fd-all-interval        | 2s      | --fd-all-interval 2s is not below --fd-all-timeout 2s",
            "--fd-sock                | maybe   | true or false",
            "--closed-port-confirms   | maybe   | true or false",
            "--merge-max-interval     | 1s      | --merge-min-interval 1s is not below --merge-max-interval 1s",
            "--bundler                | ring    | one of: transfer-queue, per-destination, no-bundler",
            "--bundler-max-size       | 100     | a size from 60KB to 4MB",
            "--thread-pool-max        | 0       | a whole number from 1 to 10000",
    })
    void aBadStackOptionIsNamed(String option, String value, String expected) {
        var args = new ArrayList<>(FULL);
        args.addAll(List.of(option, value));

        var bad = catchThrowableOfType(BadArgumentException.class, () -> parser.parse(args.toArray(String[]::new)));

        assertThat(bad.argument()).isEqualTo(option);
        assertThat(bad.getMessage()).contains(expected);
    }

    @Test
    void udpIsTakenOnLoopbackWithTheTuningsOtherValues() {
        var args = new ArrayList<>(FULL);
        args.addAll(List.of("--jgroups-transport", "udp", "--bundler-max-size", "65491"));

        StackTuning stack = parser.parse(args.toArray(String[]::new)).stack();

        assertThat(stack.transport()).isEqualTo(TransportKind.UDP);
        assertThat(stack.bundler().maxSizeBytes()).isEqualTo(65_491);
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', value = {
            "--bundler-max-size | 65508                 | a bundle that fits one datagram with --jgroups-transport udp",
            "--bind             | 10.1.2.3              | a 127.x address with --jgroups-transport udp",
            "--discovery        | dns:replsim.svc.local | tcpping with --jgroups-transport udp",
    })
    void udpWithWhatCannotWorkWithItIsRefusedAtThatOption(String option, String value, String expected) {
        var args = new ArrayList<>(FULL);
        int bind = args.indexOf("--bind");
        args.remove(bind + 1);
        args.remove(bind);
        if (option.equals("--discovery")) {
            int members = args.indexOf("--members");
            args.remove(members + 1);
            args.remove(members);
        }
        args.addAll(List.of("--jgroups-transport", "udp", option, value));

        var bad = catchThrowableOfType(BadArgumentException.class, () -> parser.parse(args.toArray(String[]::new)));

        assertThat(bad.argument()).isEqualTo(option);
        assertThat(bad.getMessage()).contains(expected);
    }
}
