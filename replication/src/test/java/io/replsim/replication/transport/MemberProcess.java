package io.replsim.replication.transport;

import org.jgroups.JChannel;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A JGroups member in a process of its own, for tests whose claim is a process's death: it joins the cluster on
 * replsim's stack with the failure detection its arguments give, prints {@value #JOINED} once it has a view, and stays
 * until it is killed or its stdin closes (so it never outlives the test's JVM). The cluster secret comes from
 * {@value ClusterSecret#ENVIRONMENT_VARIABLE}.
 *
 * <p>Arguments: name, cluster, its port, every member's port (comma-separated), the transport's enum name, then the
 * failure detection: FD_ALL3's timeout and interval and VERIFY_SUSPECT2's timeout in milliseconds, and whether a
 * closed port confirms.
 */
public final class MemberProcess {
    static final String JOINED = "joined";
    private static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();

    private MemberProcess() {
    }

    /** The stack every member of such a test runs: replsim's tuned one with {@code detection}. */
    static TcpStackSpec stack(int port, List<Integer> memberPorts, ClusterSecret secret,
                              StackTuning.FailureDetection detection, Formation formation) {
        return stack(port, memberPorts, secret, TransportKind.TCP_NIO2, detection, formation);
    }

    /** replsim's tuned stack on {@code transport}, with {@code detection}. */
    static TcpStackSpec stack(int port, List<Integer> memberPorts, ClusterSecret secret, TransportKind transport,
                              StackTuning.FailureDetection detection, Formation formation) {
        List<InetSocketAddress> members = memberPorts.stream().map(p -> new InetSocketAddress(LOOPBACK, p)).toList();
        return new TcpStackSpec(LOOPBACK, port, members, secret).withTuning(StackPreset.TUNED.tuning()
                .withTransport(transport).withFailureDetection(detection)).withFormation(formation);
    }

    /**
     * A member in a JVM of its own on {@link #stack}, joining the cluster; returns once it has its first view, or
     * throws with its output. {@code secret} is the cluster secret's text, handed over as the runner hands it over.
     */
    static Process start(String name, String cluster, int port, List<Integer> memberPorts, String secret,
                         TransportKind transport, StackTuning.FailureDetection detection, Duration deadline)
            throws Exception {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx64m",
                "-Djava.net.preferIPv4Stack=true", "-cp", System.getProperty("java.class.path"),
                MemberProcess.class.getName(), name, cluster, Integer.toString(port),
                String.join(",", memberPorts.stream().map(String::valueOf).toList()), transport.name(),
                Long.toString(detection.heartbeatTimeout().toMillis()),
                Long.toString(detection.heartbeatInterval().toMillis()),
                Long.toString(detection.verifySuspectTimeout().toMillis()),
                Boolean.toString(detection.closedPortConfirms())));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().put(ClusterSecret.ENVIRONMENT_VARIABLE, secret);
        Process process = builder.start();
        var output = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        var seen = new StringBuilder();
        CompletableFuture<Boolean> joined = CompletableFuture.supplyAsync(() -> output.lines()
                .peek(line -> seen.append(line).append('\n')).anyMatch(JOINED::equals));
        boolean ok;
        try {
            ok = joined.get(deadline.toMillis(), TimeUnit.MILLISECONDS);
        } catch (Exception e) {
            ok = false;
        }
        if (!ok) {
            kill(process);
            throw new AssertionError(name + " did not join within " + deadline + "; its output:\n" + seen);
        }
        return process;
    }

    /** SIGKILL, and waits for the process to end; nothing happens to one that ended already. */
    static void kill(Process process) throws InterruptedException {
        if (!process.destroyForcibly().waitFor(10, TimeUnit.SECONDS)) {
            throw new AssertionError("pid " + process.pid() + " still running 10 s after SIGKILL");
        }
    }

    public static void main(String[] args) throws Exception {
        var detection = new StackTuning.FailureDetection(Duration.ofMillis(Long.parseLong(args[5])),
                Duration.ofMillis(Long.parseLong(args[6])), Duration.ofMillis(Long.parseLong(args[7])), true,
                Boolean.parseBoolean(args[8]));
        List<Integer> members = Arrays.stream(args[3].split(",")).map(Integer::valueOf).toList();
        var secret = ClusterSecret.fromEnvironment().orElseThrow(
                () -> new IllegalStateException(ClusterSecret.ENVIRONMENT_VARIABLE + " is not set"));
        try (JChannel channel = new JChannel(stack(Integer.parseInt(args[2]), members, secret,
                TransportKind.valueOf(args[4]), detection, Formation.JOIN).protocols()).name(args[0])) {
            channel.connect(args[1]);
            System.out.println(JOINED);
            System.out.flush();
            try {
                while (System.in.read() >= 0) {
                    // nothing to read: the test's end closes it
                }
            } catch (IOException gone) {
                // the test's JVM is gone
            }
        }
    }
}
