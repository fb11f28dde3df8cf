package io.replsim.bench;

import io.replsim.replication.NodeId;
import io.replsim.replication.ReplicationSpec;
import io.replsim.replication.SessionId;
import io.replsim.replication.host.EngineFactory;
import io.replsim.replication.member.ReplicationEngine;
import io.replsim.replication.session.ActiveSession;
import io.replsim.replication.transport.ClusterSecret;
import io.replsim.replication.transport.LargeMessagePath;
import io.replsim.replication.transport.TcpStackSpec;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.FutureTask;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Stream;

/**
 * replsim's replication alone at a node's pace: three peer JVMs on loopback, each running a replication engine on
 * the nodes' TCP stack (direct streams, every member holding every session, sync) and nothing else: no HTTP, no app,
 * no load driver. Each owns {@code sessions} sessions of {@code attributes} {@code byte[]} attributes and, {@code
 * rate} times a second, replaces one attribute of the next of them with a new array and updates the session, which
 * sends the whole session to the other two and waits for both answers, as a request of the cost scenarios does.
 * Each prints its CPU per round (one update out, the other two's in) in {@code PacedExchangeFloor}'s report line:
 * the updating thread ({@value ThreadGroupCpu#SENDING}), the stream threads applying the other two's updates
 * ({@value ThreadGroupCpu#ANSWERING}) and the rest (JGroups' threads, the collector, the JIT).
 *
 * <p>Beside the floor in the same minutes it splits replsim's distance from it in two: what this adds to the floor
 * is replsim's code (marshalling, the store, the exchange, the backup's read and apply); what a node adds to this is
 * the node's (its HTTP and app in the same process, their threads and caches). Bounded by {@code warm-up + window}
 * seconds after the view forms; the peers exit with the coordinator.
 *
 * <p>Run: {@code java -cp benchmarks/target/classes:$(cat benchmarks/target/classpath.txt)
 * io.replsim.bench.PacedReplicationProbe [rate/s] [session KB] [attributes] [sessions] [warm-up s] [window s]} after
 * {@code benchmarks/run -l} (which builds); defaults 157, 64, 32, 80, 60, 30 (the 64 KB cost scenario's node: 80
 * sessions of its own, 32 attributes of 2 KB). {@code 157 3200B 4 80} is the 3.3 KB one's. Figures in
 * docs/benchmarks.md.
 */
public final class PacedReplicationProbe {
    private static final int PEERS = 3;
    private static final ThreadGroupCpu THREADS = ThreadGroupCpu.answeringOn("stream-in");

    private PacedReplicationProbe() {
    }

    /** What every peer does, from the command line. */
    private record Shape(int rate, int sessionBytes, int attributes, int sessions, Duration warmUp,
                         Duration window) {
        int attributeBytes() {
            return sessionBytes / attributes;
        }

        /** The peer's arguments: the size in bytes (with a B), not in KB. */
        List<String> arguments() {
            return List.of(String.valueOf(rate), sessionBytes + "B", String.valueOf(attributes),
                    String.valueOf(sessions), String.valueOf(warmUp.toSeconds()), String.valueOf(window.toSeconds()));
        }

        static Shape parse(List<String> args) {
            int rate = args.size() > 0 ? Integer.parseInt(args.get(0)) : 157;
            int sessionBytes = args.size() > 1 ? bytes(args.get(1)) : 64 * 1024;
            int attributes = args.size() > 2 ? Integer.parseInt(args.get(2)) : 32;
            int sessions = args.size() > 3 ? Integer.parseInt(args.get(3)) : 80;
            int warm = args.size() > 4 ? Integer.parseInt(args.get(4)) : 60;
            int window = args.size() > 5 ? Integer.parseInt(args.get(5)) : 30;
            if (rate < 1 || attributes < 1 || sessionBytes < attributes || sessions < 1 || warm < 0 || window < 1) {
                throw new IllegalArgumentException("out of range");
            }
            return new Shape(rate, sessionBytes, attributes, sessions, Duration.ofSeconds(warm),
                    Duration.ofSeconds(window));
        }

        /** {@code 64} is 64 KB, {@code 3200B} 3,200 bytes. */
        private static int bytes(String size) {
            return size.endsWith("B") ? Integer.parseInt(size.substring(0, size.length() - 1))
                    : Integer.parseInt(size) * 1024;
        }
    }

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals("peer")) {
            peer(args);
            return;
        }
        Shape shape;
        try {
            shape = Shape.parse(List.of(args));
        } catch (IllegalArgumentException e) {
            System.err.println("usage: PacedReplicationProbe [rate/s >= 1] [session KB >= 1] [attributes >= 1]"
                    + " [sessions >= 1] [warm-up s >= 0] [window s >= 1]; got " + String.join(" ", args));
            System.exit(2);
            return;
        }
        System.out.printf("%d replication engines, each updating one of its %d sessions (%d attributes of %d B) %d"
                        + " times/s, the whole session to the other two, sync; warm-up %d s, window %d s; load %.2f%n",
                PEERS, shape.sessions(), shape.attributes(), shape.attributeBytes(), shape.rate(),
                shape.warmUp().toSeconds(), shape.window().toSeconds(), PeerJvms.loadAverage());
        List<Integer> ports = new ArrayList<>();
        for (int i = 0; i < PEERS; i++) {
            ports.add(LoopbackPorts.freePortPair());
        }
        String cluster = "paced-" + UUID.randomUUID();
        List<List<String>> peers = new ArrayList<>();
        for (int i = 0; i < PEERS; i++) {
            List<String> main = new ArrayList<>(List.of(PacedReplicationProbe.class.getName(), "peer",
                    String.valueOf(i), cluster));
            main.addAll(shape.arguments());
            ports.forEach(port -> main.add(String.valueOf(port)));
            peers.add(main);
        }
        PeerJvms.run(peers, Map.of(ClusterSecret.ENVIRONMENT_VARIABLE, ClusterSecret.newValue()));
        System.out.printf("load at the end %.2f%n", PeerJvms.loadAverage());
    }

    private static void peer(String[] args) throws Exception {
        int self = Integer.parseInt(args[1]);
        String cluster = args[2];
        Shape shape = Shape.parse(List.of(args).subList(3, 9));
        List<Integer> ports = Stream.of(args).skip(9).map(Integer::valueOf).toList();
        InetAddress loopback = InetAddress.getLoopbackAddress();
        List<InetSocketAddress> members = ports.stream().map(port -> new InetSocketAddress(loopback, port)).toList();
        ClusterSecret secret = ClusterSecret.fromEnvironment().orElseThrow();
        try (ReplicationEngine engine = EngineFactory.start(new NodeId("node" + (self + 1)), cluster,
                new TcpStackSpec(loopback, ports.get(self), members, secret)
                        .withLargeMessages(LargeMessagePath.DirectStreams.DEFAULT),
                // Longer than a node's 2 s: a probe that loses a race for the CPU while the JVMs start and compile
                // should measure late, not end; in its window an update takes a fraction of a millisecond.
                ReplicationSpec.builder().syncTimeout(Duration.ofSeconds(10)).build())) {
            awaitView(engine, PEERS, Duration.ofSeconds(60));
            List<SessionId> sessions = createSessions(engine, shape);
            // Its own named thread, so its CPU and switches are told apart from the engine's in /proc/self/task.
            var updating = new FutureTask<>(() -> updatePaced(engine, sessions, shape));
            Thread.ofPlatform().name("sender").start(updating);
            ThreadGroupCpu.report(self, updating.get(), "one update out to two, two in");
            PeerJvms.awaitTheEnd();
        }
    }

    private static void awaitView(ReplicationEngine engine, int members, Duration within) throws InterruptedException {
        long deadline = System.nanoTime() + within.toNanos();
        while (engine.view().members().size() < members) {
            if (System.nanoTime() - deadline > 0) {
                throw new IllegalStateException("no view of " + members + " members within " + within.toSeconds()
                        + " s");
            }
            Thread.sleep(50);
        }
    }

    private static List<SessionId> createSessions(ReplicationEngine engine, Shape shape) throws Exception {
        List<SessionId> ids = new ArrayList<>();
        for (int s = 0; s < shape.sessions(); s++) {
            try (ActiveSession active = engine.store().create()) {
                for (String name : attributeNames(shape)) {
                    active.session().setAttribute(name, filled(shape.attributeBytes()));
                }
                engine.store().update(active);
                ids.add(active.session().id());
            }
        }
        return ids;
    }

    private static byte[] filled(int bytes) {
        byte[] value = new byte[bytes];
        ThreadLocalRandom.current().nextBytes(value);
        return value;
    }

    /** Every period, the next session's next attribute replaced and the session updated (and so replicated). */
    private static ThreadGroupCpu.Window updatePaced(ReplicationEngine engine, List<SessionId> sessions, Shape shape)
            throws Exception {
        String[] names = attributeNames(shape);
        return PacedRounds.run(THREADS, shape.rate(), shape.warmUp(), shape.window(),
                turn -> update(engine, sessions, names, turn, shape.attributeBytes()));
    }

    /**
     * One request's work: the next session's next attribute replaced. A method of its own, so that it is compiled as
     * a node's request is: the paced loop around it runs interpreted for minutes (HotSpot compiles a loop on its
     * stack after 60,000 turns), and a string built there took an eighth of this thread's time.
     */
    private static void update(ReplicationEngine engine, List<SessionId> sessions, String[] names, long turn,
                               int bytes) throws Exception {
        SessionId id = sessions.get((int) (turn % sessions.size()));
        String attribute = names[(int) (turn / sessions.size() % names.length)];
        try (ActiveSession active = engine.store().find(id).orElseThrow()) {
            active.session().setAttribute(attribute, new byte[bytes]);
            engine.store().update(active);
        }
    }

    private static String[] attributeNames(Shape shape) {
        String[] names = new String[shape.attributes()];
        for (int a = 0; a < names.length; a++) {
            names[a] = "attribute-" + a;
        }
        return names;
    }
}
