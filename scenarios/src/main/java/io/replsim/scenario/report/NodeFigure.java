package io.replsim.scenario.report;

import static io.replsim.scenario.report.FigureUnit.BYTES;
import static io.replsim.scenario.report.FigureUnit.CORES;
import static io.replsim.scenario.report.FigureUnit.COUNT;
import static io.replsim.scenario.report.FigureUnit.FLAG;
import static io.replsim.scenario.report.FigureUnit.MICROS;
import static io.replsim.scenario.report.FigureUnit.SHARE;
import static io.replsim.scenario.report.FigureUnit.TEXT;
import static io.replsim.scenario.report.NotMeasured.NEVER;
import static io.replsim.scenario.report.NotMeasured.WHEN_NOT_READ;
import static io.replsim.scenario.report.NotMeasured.WITHOUT_GRAVITATION;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * One figure of a node, declared once: its summary.json key ({@code nodes[i].<key>}, in the order declared here),
 * what it is ({@code label}, report.html's row), its unit, where it comes from (a function of the node as the report
 * measured it), when it is null rather than a value, and where the console prints it. summary.json, the console's
 * node lines ({@link NodeLines}) and report.html's node table ({@link NodeTable}) are made from these declarations
 * alone, so a new figure is one declaration more.
 */
public record NodeFigure<V>(String key, String label, FigureUnit unit, Class<V> type, NotMeasured notMeasured,
                            Function<MeasuredNode, V> source, NodeConsole<V> console) {

    private static final List<NodeFigure<?>> DECLARED = new ArrayList<>();

    public static final NodeFigure<String> NAME = declare("name", "node", TEXT, String.class, NEVER,
            MeasuredNode::name, at(1, 1, "%-9s"));
    public static final NodeFigure<Boolean> ALIVE = declare("alive", "alive at the end of the load", FLAG,
            Boolean.class, NEVER, node -> node.reading().alive(), new NodeConsole.At<>(1, 2, (alive, node, summary) ->
                    String.format(Locale.ROOT, " %-7s", alive ? "" : NodeLines.howItEnded(node, summary.faults()))));
    public static final NodeFigure<Double> CPU_USED_CORES = declare("cpuUsedCores", "CPU used on average", CORES,
            Double.class, NEVER, node -> node.cpu().cores(), at(1, 3, " CPU %.2f cores"));
    public static final NodeFigure<Double> CPU_UTILIZATION = declare("cpuUtilization", "CPU used of its budget",
            SHARE, Double.class, NEVER, node -> node.cpu().cores() / node.stats().cpu().budgetCores(),
            new NodeConsole.At<>(1, 4, (share, node, summary) -> String.format(Locale.ROOT, " = %3.0f%% of budget",
                    share * 100)));
    /** "steady window"; "whole load" when fewer than two readings fell in it; "one reading: ..." when read once. */
    public static final NodeFigure<String> CPU_OVER = declare("cpuOver", "what the CPU figures are over", TEXT,
            String.class, NEVER, node -> node.cpu().over(), at(1, 5, " (%s"));
    /** Above {@link NodeFigures#UNSETTLED_COMPILER_SHARE} the node was still warming up. */
    public static final NodeFigure<Double> CPU_COMPILER_SHARE = declare("cpuCompilerShare",
            "the JIT compiler's share of that CPU", SHARE, Double.class, WHEN_NOT_READ,
            node -> node.cpu().compilerShare(), new NodeConsole.At<>(1, 6, (share, node, summary) -> share == null
                    ? ")" : String.format(Locale.ROOT, ", JIT %.0f%%)", share * 100)));
    public static final NodeFigure<Long> SESSIONS_OWNED = declare("sessionsOwned", "sessions owned at the last look",
            COUNT, Long.class, NEVER, node -> (long) node.sessions().owned(), at(1, 7, "   owns %,d"));
    public static final NodeFigure<Long> SESSIONS_BACKUP = declare("sessionsBackup",
            "sessions backed up at the last look", COUNT, Long.class, NEVER, node -> (long) node.sessions().backup(),
            at(1, 8, "   backs up %,d"));
    public static final NodeFigure<Long> REQUESTS = declare("requests", "requests served", COUNT, Long.class, NEVER,
            node -> node.requests().total(), at(1, 9, "   %,d requests"));
    public static final NodeFigure<Long> REPLICATION_MESSAGES_SENT = declare("replicationMessagesSent",
            "replication messages sent", COUNT, Long.class, NEVER, node -> node.replication().messagesSent(),
            at(1, 10, "   replication %,d msgs"));
    public static final NodeFigure<Long> REPLICATION_BYTES_SENT = declare("replicationBytesSent",
            "replication bytes sent", BYTES, Long.class, NEVER, node -> node.replication().bytesSent(),
            new NodeConsole.At<>(1, 11, (sent, node, summary) -> ", " + BYTES.write(sent)));
    public static final NodeFigure<Long> REPLICATION_FAILURES = declare("replicationFailures",
            "replications that failed", COUNT, Long.class, NEVER, node -> node.replication().failures(),
            at(1, 13, ", %d failed"));
    public static final NodeFigure<Long> REJECTED_MESSAGES = declare("rejectedMessages",
            "replication messages rejected", COUNT, Long.class, NEVER, node -> node.replication().rejectedMessages(),
            at(1, 14, ", %d rejected"));
    /** One replication is one request's change, whatever number of messages it took. */
    public static final NodeFigure<Double> REPLICATION_MEAN_MICROS = declare("replicationMeanMicros",
            "mean time to replicate a request's change", MICROS, Double.class, NEVER,
            node -> node.replication().replications() == 0 ? 0
                    : node.replication().replicationMicrosTotal() / (double) node.replication().replications(),
            at(1, 12, ", mean %.0f µs"));
    public static final NodeFigure<Long> GRAVITATIONS = declare("gravitations",
            "sessions fetched from another member that held them (data gravitation)", COUNT, Long.class,
            WITHOUT_GRAVITATION, node -> node.replication().gravitations(),
            new NodeConsole.At<>(2, 1, (gravitations, node, summary) -> gravitations == null
                    ? "gravitations not applicable" : String.format(Locale.ROOT, "%,d gravitations", gravitations)));
    public static final NodeFigure<Long> REMOTE_READS = declare("remoteReads",
            "requests that read their session from another member", COUNT, Long.class, NEVER,
            node -> node.replication().remoteReads(), at(2, 2, "   %,d remote reads"));
    public static final NodeFigure<Long> MARSHALLED_BYTES = declare("marshalledBytes", "bytes marshalled", BYTES,
            Long.class, NEVER, node -> node.replication().marshalledBytes(),
            new NodeConsole.At<>(2, 3, (marshalled, node, summary) -> "   marshalled " + BYTES.write(marshalled)));
    public static final NodeFigure<Long> MARSHAL_MICROS_TOTAL = declare("marshalMicrosTotal", "time marshalling",
            MICROS, Long.class, NEVER, node -> node.replication().marshalMicrosTotal(),
            new NodeConsole.At<>(2, 4, (micros, node, summary) -> String.format(Locale.ROOT, " in %.1f ms",
                    micros / 1000.0)));
    /** An estimate: payload bytes plus a fixed per-object cost (infinispan: the entries' marshalled bytes). */
    public static final NodeFigure<Long> BACKUP_BYTES = declare("backupBytes", "heap held by backup copies", BYTES,
            Long.class, NEVER, node -> node.sessions().backupBytes(),
            new NodeConsole.At<>(2, 5, (held, node, summary) -> "   replicas hold " + BYTES.write(held)));
    public static final NodeFigure<Long> REPLICATION_MESSAGES_STREAMED = declare("replicationMessagesStreamed",
            "replication messages sent over a direct stream", COUNT, Long.class, NEVER,
            node -> node.replication().messagesStreamed(), new NodeConsole.Off<>());
    public static final NodeFigure<Long> PEERS_REFUSED = declare("peersRefused",
            "peers refused: no cluster secret, or outside the view", COUNT, Long.class, NEVER,
            node -> node.replication().peersRefused(), new NodeConsole.Off<>());
    /** After {@code replication.maxInactiveInterval} without a request, as their owner. */
    public static final NodeFigure<Long> SESSIONS_EXPIRED = declare("sessionsExpired", "sessions it ended idle",
            COUNT, Long.class, NEVER, node -> node.sessions().expired(), nonZero(2, 8, "   expired %,d"));
    /**
     * Every session the node held at the last look, owned and backup: its session memory, as the engine measures
     * it; over {@code sessionsOwned + sessionsBackup} the bytes of one copy, which {@code replsim size
     * --sessions-from} uses.
     */
    public static final NodeFigure<Long> SESSIONS_HELD_BYTES = declare("sessionsHeldBytes",
            "bytes of the sessions it held", BYTES, Long.class, WHEN_NOT_READ, node -> node.sessions().heldBytes(),
            new NodeConsole.At<>(2, 6, (held, node, summary) -> held == null ? ""
                    : "   sessions hold " + BYTES.write(held) + NodeLines.perCopy(held, node)));
    /** Beyond {@code replication.maxActiveSessions}; read back for a request ({@code activations}). */
    public static final NodeFigure<Long> PASSIVATIONS = declare("passivations",
            "sessions written to its file store", COUNT, Long.class, NEVER, node -> node.sessions().passivations(),
            new NodeConsole.With<>("activations"));
    public static final NodeFigure<Long> ACTIVATIONS = declare("activations", "sessions read back from its file store",
            COUNT, Long.class, NEVER, node -> node.sessions().activations(),
            new NodeConsole.At<>(2, 7, (activations, node, summary) -> node.get(PASSIVATIONS) + activations == 0 ? ""
                    : String.format(Locale.ROOT, "   passivated %,d, activated %,d", node.get(PASSIVATIONS),
                    activations)));
    /** Lost to another owner's newer copy (a healed partition), counted on the loser. */
    public static final NodeFigure<Long> OWNERSHIP_CONFLICTS = declare("ownershipConflicts",
            "sessions it owned and lost to another owner's newer copy", COUNT, Long.class, NEVER,
            node -> node.replication().ownershipConflicts(), nonZero(2, 9, "   %,d ownership conflicts lost"));
    /** Refused by the cache on its degraded side of a partition (infinispan, deny-read-writes or allow-reads). */
    public static final NodeFigure<Long> DENIED_IN_PARTITION = declare("deniedInPartition",
            "requests answered 503 in a degraded partition", COUNT, Long.class, NEVER,
            node -> node.requests().deniedInPartition(),
            nonZero(2, 10, "   %,d requests denied in a degraded partition"));
    /** Under {@code replication.snapshotMode: interval}: each an update instant mode would have sent. */
    public static final NodeFigure<Long> COALESCED_UPDATES = declare("coalescedUpdates",
            "requests whose changes joined a session waiting for the interval's send", COUNT, Long.class, NEVER,
            node -> node.replication().coalescedUpdates(),
            nonZero(2, 11, "   %,d updates coalesced into the interval's sends"));
    public static final NodeFigure<Long> LATE_SNAPSHOT_ROUNDS = declare("lateSnapshotRounds",
            "rounds of the interval's send that took longer than the interval", COUNT, Long.class, NEVER,
            node -> node.replication().lateSnapshotRounds(), new NodeConsole.Warning<>((rounds, node, summary) ->
                    rounds == 0 ? "" : String.format(Locale.ROOT, "%s: %,d snapshot rounds took longer than the"
                            + " interval: its backups lagged more than the interval says (a slow backup under sync,"
                            + " or too many sessions for one round)", node.name(), rounds)));
    /**
     * Under async delivery, updates never queued for a backup because its queue was full: changes that backup never
     * got, which a kill of this node turns into STALE or LOST sessions. Always 0 under sync and infinispan.
     */
    public static final NodeFigure<Long> ASYNC_DROPPED = declare("asyncDropped",
            "async updates dropped: the backup's queue was full", COUNT, Long.class, NEVER,
            node -> node.replication().async().dropped(),
            nonZero(2, 12, "   %,d async updates dropped (queue full)"));

    /** Every node figure, in summary.json's order: the order of the declarations above. */
    public static final List<NodeFigure<?>> ALL = List.copyOf(DECLARED);

    /** The figure's value for {@code node}, or null where its {@link NotMeasured} rule says it is not measured. */
    V valueOf(MeasuredNode node) {
        return notMeasured.valueOf(this, source, node);
    }

    private static <V> NodeFigure<V> declare(String key, String label, FigureUnit unit, Class<V> type,
                                             NotMeasured notMeasured, Function<MeasuredNode, V> source,
                                             NodeConsole<V> console) {
        NodeFigure<V> figure = new NodeFigure<>(key, label, unit, type, notMeasured, source, console);
        DECLARED.add(figure);
        return figure;
    }

    /** Its value through {@code format} at that place. */
    private static <V> NodeConsole<V> at(int line, int column, String format) {
        return new NodeConsole.At<>(line, column, (value, node, summary) -> String.format(Locale.ROOT, format, value));
    }

    /** Its value through {@code format} at that place, and nothing there when it is 0. */
    private static NodeConsole<Long> nonZero(int line, int column, String format) {
        return new NodeConsole.At<>(line, column, (value, node, summary) -> value == 0 ? ""
                : String.format(Locale.ROOT, format, value));
    }
}
