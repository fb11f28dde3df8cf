package io.replsim.bench;

import io.replsim.replication.NodeId;
import io.replsim.replication.SessionId;
import io.replsim.replication.marshalling.MessageMarshaller;
import io.replsim.replication.message.SessionSnapshot;
import io.replsim.replication.message.WholeSessionUpdate;
import io.replsim.replication.session.BackupOutcome;
import io.replsim.replication.session.SessionStore;

import java.io.Serializable;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;

/**
 * What a backup's decoding and applying of one whole session costs its thread at a node's pace, against the same
 * work back to back: one thread reads a whole-session frame through the allow-list and applies it to a store as
 * the next version, either right after the one before or after parking as long as a node's stream thread sleeps
 * between updates (at 157 a second). Only the read and apply is timed (the thread's CPU around it); the frame is
 * made before the park. The two modes take turns, round by round, so each round's pair shares its minutes.
 *
 * <p>No sockets, no other thread: what the paced figure adds to the back-to-back one is what waking up costs this
 * work on this machine (its code and data gone cold), which a node pays on every update and a floor that touches
 * less pays less of. Bounded by its rounds: each is 20,000 back-to-back updates and 1,500 paced ones (~10 s).
 *
 * <p>Run: {@code java -cp benchmarks/target/classes:$(cat benchmarks/target/classpath.txt)
 * io.replsim.bench.PacedApplyProbe [session KB] [attributes] [rounds]} after {@code benchmarks/run -l} (which
 * builds); defaults 64, 32, 3 (the cost scenarios' 64 KB session). Figures in docs/benchmarks.md.
 */
public final class PacedApplyProbe {
    private static final int BACK_TO_BACK_UPDATES = 20_000;
    private static final int PACED_UPDATES = 1_500;
    /** A node's stream thread between two updates at 157 a second. */
    private static final long PAUSE_NANOS = 1_000_000_000L / 157;

    private final MessageMarshaller marshaller = MessageMarshaller.standard();
    private final SessionStore backup = new SessionStore(new NodeId("node2"), new ApplyOnlyReplicator(),
            Clock.systemUTC(), Duration.ofSeconds(1));
    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    private final Map<String, Serializable> payload = new HashMap<>();
    private long version;

    private PacedApplyProbe(int sessionKb, int attributes) {
        for (int i = 0; i < attributes; i++) {
            payload.put("attr-" + i, new byte[sessionKb * 1024 / attributes]);
        }
    }

    public static void main(String[] args) throws Exception {
        int sessionKb;
        int attributes;
        int rounds;
        try {
            sessionKb = args.length > 0 ? Integer.parseInt(args[0]) : 64;
            attributes = args.length > 1 ? Integer.parseInt(args[1]) : 32;
            rounds = args.length > 2 ? Integer.parseInt(args[2]) : 3;
            if (sessionKb < 1 || attributes < 1 || attributes > sessionKb * 1024 || rounds < 1) {
                throw new IllegalArgumentException("out of range");
            }
        } catch (IllegalArgumentException e) {
            System.err.println("usage: PacedApplyProbe [session KB >= 1] [attributes, 1 to the session's bytes]"
                    + " [rounds >= 1]; got " + String.join(" ", args));
            System.exit(2);
            return;
        }
        var probe = new PacedApplyProbe(sessionKb, attributes);
        System.out.printf("a whole session of %d KB in %d byte[] attributes, read and applied by one thread: back to"
                + " back, and paced as a node's stream thread at 157 updates/s; load %.2f%n", sessionKb, attributes,
                ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
        for (int round = 1; round <= rounds; round++) {
            double backToBack = probe.microsPerUpdate(BACK_TO_BACK_UPDATES, 0);
            double paced = probe.microsPerUpdate(PACED_UPDATES, PAUSE_NANOS);
            System.out.printf("round %d: back to back %.1f µs CPU per update, paced %.1f (%.1fx)%n", round,
                    backToBack, paced, paced / backToBack);
        }
    }

    /** The thread's CPU per read and apply over the last four fifths of {@code updates}, each after {@code pause}. */
    private double microsPerUpdate(int updates, long pauseNanos) throws Exception {
        long cpu = 0;
        int first = updates / 5;
        for (int i = 0; i < updates; i++) {
            byte[] frame = marshaller.marshal(new WholeSessionUpdate(new SessionSnapshot(new SessionId("s"),
                    ++version, new NodeId("node1"), 1, 2, payload)));
            if (pauseNanos > 0) {
                LockSupport.parkNanos(pauseNanos);
            }
            long before = threads.getCurrentThreadCpuTime();
            BackupOutcome outcome = backup.applyBackup(
                    marshaller.unmarshal(frame, WholeSessionUpdate.class).snapshot());
            long spent = threads.getCurrentThreadCpuTime() - before;
            if (outcome != BackupOutcome.APPLIED) {
                throw new IllegalStateException("version " + version + " was not applied: " + outcome);
            }
            if (i >= first) {
                cpu += spent;
            }
        }
        return cpu / 1e3 / (updates - first);
    }
}
