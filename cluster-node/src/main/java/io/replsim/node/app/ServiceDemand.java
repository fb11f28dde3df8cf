package io.replsim.node.app;

import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * Does a request's {@link ServiceTime} on the worker thread before the app serves it: burns the CPU until the
 * thread's own CPU time has grown by the figure (measured, so a worker that is descheduled or throttled by its CPU
 * quota works on until it has really used it), then blocks for the wait as a database call would.
 */
public final class ServiceDemand implements HttpHandler {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    /** Where the burn's result goes, so the JIT must compute it; lost updates between workers do not matter. */
    private static long sink;

    private final ServiceTime time;
    private final HttpHandler app;

    public ServiceDemand(ServiceTime time, HttpHandler app) {
        if (!time.cpu().isZero() && !THREADS.isCurrentThreadCpuTimeSupported()) {
            throw new IllegalStateException("this JVM cannot measure a thread's CPU time, which a service time's"
                    + " cpu needs; run the node on a HotSpot JVM, or set the cpu to 0ms");
        }
        this.time = time;
        this.app = app;
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) throws Exception {
        burn(time.cpu().toNanos());
        if (!time.waitTime().isZero()) {
            Thread.sleep(time.waitTime());
        }
        app.handleRequest(exchange);
    }

    /** Spins on arithmetic the JIT cannot drop (its result is kept) until the thread has used {@code nanos}. */
    private static void burn(long nanos) {
        if (nanos <= 0) {
            return;
        }
        long until = THREADS.getCurrentThreadCpuTime() + nanos;
        long state = System.nanoTime();
        do {
            for (int i = 0; i < 2_000; i++) {
                state ^= state << 13;
                state ^= state >>> 7;
                state ^= state << 17;
            }
        } while (THREADS.getCurrentThreadCpuTime() < until);
        sink += state;
    }
}
