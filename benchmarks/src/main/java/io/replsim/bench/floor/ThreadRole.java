package io.replsim.bench.floor;

import java.util.List;

/**
 * What a node thread does, told from its kernel name ({@code /proc/<pid>/task/<tid>/comm}, the first 15 bytes of the
 * Java thread's name). The request threads carry the whole request: Undertow's I/O and worker threads parse it, run
 * the app and the session store, and the replication's send, which writes to the backups and waits for their
 * answers on the request's own thread (StreamSender). The stream threads answer the other members' frames.
 */
enum ThreadRole {
    /** Undertow's I/O and worker threads ({@code XNIO-1 task-3}, {@code XNIO-1 I/O-1}); the admin listener's too. */
    REQUEST,
    /** StreamServer's answering threads ({@code stream-in-node1}) and its accept thread. */
    STREAM,
    /** HotSpot's compiler threads ({@code C2 CompilerThre}). */
    JIT,
    /** The collector's threads, and the VM thread, which runs the serial collector a small heap may get. */
    GC,
    /** Everything else: JGroups, the stats sampler, the JVM's service threads. */
    OTHER;

    private static final List<String> GC_PREFIXES = List.of("GC Thread", "G1 ", "VM Thread", "ZWorker", "ZDirector",
            "ZDriver", "ZStat", "ZUnmapper", "Shenandoah", "Parallel GC");

    static ThreadRole of(String comm) {
        if (comm.startsWith("XNIO-")) {
            return REQUEST;
        }
        if (comm.startsWith("stream-in-") || comm.startsWith("stream-accept")) {
            return STREAM;
        }
        if (comm.startsWith("C1 CompilerThre") || comm.startsWith("C2 CompilerThre")) {
            return JIT;
        }
        if (GC_PREFIXES.stream().anyMatch(comm::startsWith)) {
            return GC;
        }
        return OTHER;
    }
}
