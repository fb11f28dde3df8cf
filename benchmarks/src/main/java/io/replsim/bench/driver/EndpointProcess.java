package io.replsim.bench.driver;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The {@link TrivialEndpoint} in a JVM of its own, started with this JVM's java and class path and ended (with
 * SIGTERM, then SIGKILL) on {@link #close()}, by a shutdown hook if the benchmark is interrupted, and by the end
 * of its standard input if the benchmark is killed outright: nothing is left behind.
 */
final class EndpointProcess implements AutoCloseable {

    private static final Duration START_WAIT = Duration.ofSeconds(30);

    private final Process process;
    private final String url;
    private final Thread hook;

    EndpointProcess(int ioThreads) throws IOException, InterruptedException {
        this(ioThreads, "node1");
    }

    /** An endpoint that answers as {@code node} (its JSON and its X-Replsim-Node header). */
    EndpointProcess(int ioThreads, String node) throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        process = new ProcessBuilder(List.of(java, "-XX:+UseParallelGC", "-Xms512m", "-Xmx512m", "-XX:MaxDirectMemorySize=1g",
                "-cp", System.getProperty("java.class.path"), TrivialEndpoint.class.getName(),
                Integer.toString(ioThreads), node))
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        hook = new Thread(process::destroyForcibly, "endpoint-stopper");
        Runtime.getRuntime().addShutdownHook(hook);
        url = awaitUrl();
    }

    /** The URL the endpoint prints when it listens; its other output (Undertow's log) goes to ours. */
    private String awaitUrl() throws IOException, InterruptedException {
        CompletableFuture<String> ready = new CompletableFuture<>();
        // A platform thread: a virtual one blocked in this pipe read holds one of the driver's carrier threads for
        // the whole run (it is not compensated), which left the driver one carrier of two: at 20,000 users the
        // answers waited unread in the sockets for seconds while the driver's CPU stayed at 20%.
        Thread.ofPlatform().daemon().name("endpoint-output").start(() -> {
            try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(),
                    StandardCharsets.UTF_8))) {
                for (String line = out.readLine(); line != null; line = out.readLine()) {
                    if (line.startsWith(TrivialEndpoint.READY)) {
                        ready.complete(line.substring(TrivialEndpoint.READY.length()).trim());
                    } else {
                        System.out.println("endpoint: " + line);
                    }
                }
                ready.completeExceptionally(new IOException("the endpoint process ended before it was ready"));
            } catch (IOException e) {
                ready.completeExceptionally(e);
            }
        });
        try {
            return ready.get(START_WAIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException e) {
            close();
            throw new IOException("the endpoint process was not ready within " + START_WAIT + ": " + e.getMessage(), e);
        }
    }

    String url() {
        return url;
    }

    long pid() {
        return process.pid();
    }

    /** The CPU time the endpoint's process has used so far (user + system), from /proc. */
    Duration cpuTime() {
        return process.info().totalCpuDuration().orElse(Duration.ZERO);
    }

    @Override
    public void close() throws InterruptedException {
        try {
            process.getOutputStream().close();
        } catch (IOException ignored) {
            // the process is ended below either way
        }
        process.destroy();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // the hook is running or has run: it did the same
        }
    }
}
