package io.replsim.node.options;

import io.replsim.node.app.CounterApp;
import io.replsim.node.app.LogoutCookie;
import io.replsim.node.app.ServiceTime;
import io.replsim.node.app.SessionProfile;
import io.replsim.node.settings.NodeResources;
import io.replsim.node.settings.ReplicationSettings;
import io.replsim.node.settings.StackSettings;
import io.replsim.replication.NodeId;
import io.replsim.replication.ReplicationSpec;
import io.replsim.replication.transport.Discovery;
import io.replsim.replication.transport.Formation;
import io.replsim.replication.transport.StackPreset;
import io.replsim.replication.transport.StackTuning;
import io.replsim.replication.transport.TcpStackSpec;
import io.replsim.replication.transport.TransportKind;
import io.replsim.settings.DataSize;
import io.replsim.settings.SettingsGroup;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Arrays;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Reads the node command line of docs/interfaces.md §1 ({@code --option value} or {@code --option=value}) into
 * {@link NodeOptions}. Where the node listens and who its members are is this class's own; every other option is a
 * setting of a {@link SettingsGroup}, read with the grammar and rules a scenario file's section is read with. Every
 * problem is a {@link BadArgumentException} naming the argument; exiting is the caller's business, so this class
 * is testable.
 */
public final class NodeOptionsParser {
    static final int DEFAULT_PAYLOAD_BYTES = 4096;
    private static final Pattern MEMBER = Pattern.compile("([^\\[\\]]+)\\[(\\d{1,5})]");
    private static final List<String> OWN = List.of("--name", "--cluster", "--bind", "--http-port", "--admin-port",
            "--jgroups-port", "--discovery", "--members", "--formation", "--parent-pid", "--passivation-dir",
            "--metrics-port");
    private static final List<SettingsGroup<?>> GROUPS = List.of(NodeResources.SETTINGS, CounterApp.SETTINGS,
            SessionProfile.SETTINGS, ServiceTime.SETTINGS, LogoutCookie.SETTINGS, ReplicationSettings.GROUP,
            StackSettings.GROUP);
    private static final List<String> KNOWN = Stream.concat(OWN.stream(),
            GROUPS.stream().flatMap(group -> group.flags().stream())).toList();

    public NodeOptions parse(String... args) throws BadArgumentException {
        CommandLine given = CommandLine.of(args, KNOWN);
        NodeId name = convert(given, "--name", NodeId::new, "letters, digits, '-' or '_'");
        String cluster = required(given, "--cluster", "a JGroups cluster name");
        if (cluster.isBlank()) {
            throw new BadArgumentException("--cluster", cluster, "a JGroups cluster name");
        }
        InetAddress bind = address("--bind", given.text("--bind").orElse("127.0.0.1"));
        int httpPort = port(given, "--http-port", 0);
        int adminPort = port(given, "--admin-port", 0);
        int jgroupsPort = port(given, "--jgroups-port", TcpStackSpec.FAILURE_DETECTION_PORT_OFFSET);
        // No metrics listener unless asked for: a scrape costs the node CPU its budget counts.
        OptionalInt metricsPort = given.has("--metrics-port") ? OptionalInt.of(port(given, "--metrics-port", 0))
                : OptionalInt.empty();
        Discovery discovery = discovery(given);
        OptionalLong parentPid = given.has("--parent-pid")
                ? OptionalLong.of(longIn(given.text("--parent-pid").orElseThrow(), "--parent-pid", 1, Long.MAX_VALUE,
                "a process id"))
                : OptionalLong.empty();
        NodeResources resources = NodeResources.SETTINGS.read(given, NodeResources.ofThisHost());
        DataSize payload = CounterApp.SETTINGS.read(given, new DataSize(DEFAULT_PAYLOAD_BYTES));
        SessionProfile profile = SessionProfile.SETTINGS.read(given, SessionProfile.DEFAULT);
        ReplicationSpec replication = ReplicationSettings.GROUP.read(given, ReplicationSpec.fullSync());
        ServiceTime serviceTime = ServiceTime.SETTINGS.read(given, ServiceTime.NONE);
        LogoutCookie logoutCookie = LogoutCookie.SETTINGS.read(given, LogoutCookie.EXPIRE);
        StackTuning stack = StackSettings.GROUP.read(given, StackPreset.TUNED.tuning());
        if (stack.transport() == TransportKind.UDP) {
            requireUdpCanRun(given, bind, discovery);
        }
        return new NodeOptions(name, cluster, bind, httpPort, adminPort, jgroupsPort, discovery, resources,
                (int) payload.bytes(), profile, replication, parentPid, serviceTime, stack,
                passivationDirectory(given), formation(given), metricsPort, logoutCookie);
    }

    /**
     * A UDP member multicasts on loopback and finds the others by PING: an address off loopback, or members named by
     * DNS (a Kubernetes Service, whose pods share no multicast), cannot work with it.
     */
    private static void requireUdpCanRun(CommandLine given, InetAddress bind, Discovery discovery) {
        if (!bind.isLoopbackAddress()) {
            throw new BadArgumentException("--bind", bind.getHostAddress(), "a 127.x address with --jgroups-transport"
                    + " udp (its multicast stays on loopback), or --jgroups-transport tcp-nio2 off loopback");
        }
        if (discovery instanceof Discovery.Dns) {
            throw new BadArgumentException("--discovery", given.text("--discovery").orElseThrow(), "tcpping with"
                    + " --jgroups-transport udp (a UDP member finds the others by multicast, PING, and --members is"
                    + " not used), or --jgroups-transport tcp-nio2 with DNS discovery");
        }
    }

    /**
     * {@code --formation join} (the default) looks for the cluster's coordinator for 2 s and joins it;
     * {@code join-founder} waits up to 15 s for a founder started beside it; {@code found} founds the cluster at once,
     * for the first member a runtime starts of a cluster nobody else runs yet.
     */
    private static Formation formation(CommandLine given) {
        String text = given.text("--formation").orElse(Formation.JOIN.label());
        return Arrays.stream(Formation.values()).filter(formation -> formation.label().equals(text)).findFirst()
                .orElseThrow(() -> new BadArgumentException("--formation", text, Arrays.stream(Formation.values())
                        .map(Formation::label).collect(Collectors.joining(", ", "one of: ", ""))));
    }

    /** {@code --passivation-dir}: where passivated sessions go; without it, a temporary directory. */
    private static Optional<Path> passivationDirectory(CommandLine given) {
        Optional<String> text = given.text("--passivation-dir");
        try {
            return text.map(Path::of);
        } catch (InvalidPathException e) {
            throw new BadArgumentException("--passivation-dir", text.orElseThrow(), "a directory path");
        }
    }

    private static String required(CommandLine given, String option, String expected) {
        return given.text(option).orElseThrow(() -> new BadArgumentException(option, null, expected));
    }

    private static <T> T convert(CommandLine given, String option, Function<String, T> parse, String expected) {
        return convertText(option, required(given, option, expected), parse, expected);
    }

    private static <T> T convertText(String option, String text, Function<String, T> parse, String expected) {
        try {
            return parse.apply(text);
        } catch (IllegalArgumentException e) {
            throw new BadArgumentException(option, text, expected);
        }
    }

    private static InetAddress address(String option, String text) {
        // Only literal addresses: a node must never wait on DNS to start.
        if (!text.matches("[0-9.]+|[0-9a-fA-F:]+")) {
            throw new BadArgumentException(option, text, "an IP address such as 127.0.0.1");
        }
        try {
            return InetAddress.getByName(text);
        } catch (UnknownHostException e) {
            throw new BadArgumentException(option, text, "an IP address such as 127.0.0.1");
        }
    }

    /** @param headroom ports needed above this one (FD_SOCK2 listens at the JGroups port + 100) */
    private static int port(CommandLine given, String option, int headroom) {
        String expected = "a port number 1-" + (65535 - headroom);
        return (int) longIn(required(given, option, expected), option, 1, 65535 - headroom, expected);
    }

    private static long longIn(String text, String option, long min, long max, String expected) {
        try {
            long value = Long.parseLong(text.trim());
            if (value < min || value > max) {
                throw new BadArgumentException(option, text, expected);
            }
            return value;
        } catch (NumberFormatException e) {
            throw new BadArgumentException(option, text, expected);
        }
    }

    /**
     * {@code --discovery tcpping} (the default) finds the members at {@code --members}; {@code dns:<name>} asks DNS
     * for them (a Kubernetes headless Service), so {@code --members} makes no sense with it.
     */
    private static Discovery discovery(CommandLine given) {
        String text = given.text("--discovery").orElse("tcpping");
        String expected = "tcpping (with --members) or dns:<name>, such as dns:replsim-nodes.default.svc.cluster.local";
        if (text.equals("tcpping")) {
            return new Discovery.StaticMembers(members(required(given, "--members", membersFormat())));
        }
        if (!text.startsWith("dns:")) {
            throw new BadArgumentException("--discovery", text, expected);
        }
        if (given.has("--members")) {
            throw new BadArgumentException("--members", given.text("--members").orElseThrow(), "no such option with"
                    + " --discovery " + text + ": DNS names the members");
        }
        return convertText("--discovery", text, name -> new Discovery.Dns(name.substring("dns:".length())), expected);
    }

    private static String membersFormat() {
        return "host[port] entries separated by commas, such as 127.0.0.1[18281],127.0.0.1[18282]";
    }

    private static List<InetSocketAddress> members(String text) {
        List<InetSocketAddress> members = new ArrayList<>();
        for (String entry : text.split(",")) {
            var match = MEMBER.matcher(entry.trim());
            if (!match.matches()) {
                throw new BadArgumentException("--members", text, membersFormat());
            }
            int port = Integer.parseInt(match.group(2));
            if (port < 1 || port > 65535) {
                throw new BadArgumentException("--members", text, membersFormat());
            }
            members.add(new InetSocketAddress(address("--members", match.group(1)), port));
        }
        return members;
    }
}
