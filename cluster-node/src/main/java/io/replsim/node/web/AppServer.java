package io.replsim.node.web;

import io.replsim.node.settings.NodeResources;
import io.undertow.Undertow;
import io.undertow.UndertowOptions;
import io.undertow.server.HttpHandler;
import io.undertow.server.handlers.BlockingHandler;
import org.xnio.Options;

import java.net.InetAddress;
import java.net.InetSocketAddress;

/**
 * The node's application listener: Undertow with a fixed worker pool (core = max, so capacity does not change
 * under load and queueing shows up as latency, as in a tuned app server), every application on the workers.
 */
public final class AppServer implements AutoCloseable {
    private final Undertow undertow;

    private AppServer(Undertow undertow) {
        this.undertow = undertow;
    }

    public static AppServer start(InetAddress bind, int port, NodeResources resources, HttpHandler routes) {
        return new AppServer(startUndertow(bind, port, resources.workers(), resources.ioThreadCount(),
                new BlockingHandler(routes)));
    }

    static Undertow startUndertow(InetAddress bind, int port, int workers, int ioThreads, HttpHandler root) {
        Undertow undertow = Undertow.builder()
                .addHttpListener(port, bind.getHostAddress(), root)
                .setIoThreads(ioThreads)
                .setWorkerThreads(workers)
                .setWorkerOption(Options.WORKER_TASK_CORE_THREADS, workers)
                .setWorkerOption(Options.WORKER_TASK_MAX_THREADS, workers)
                // for the request latency the node reports (TimedRequests): from when the request was read
                .setServerOption(UndertowOptions.RECORD_REQUEST_START_TIME, true)
                .build();
        undertow.start();
        return undertow;
    }

    public int port() {
        return ((InetSocketAddress) undertow.getListenerInfo().getFirst().getAddress()).getPort();
    }

    /** The I/O threads Undertow accepts connections on, as it started them. */
    public int ioThreads() {
        return undertow.getWorker().getIoThreadCount();
    }

    @Override
    public void close() {
        undertow.stop();
    }
}
