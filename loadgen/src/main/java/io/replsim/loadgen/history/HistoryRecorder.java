package io.replsim.loadgen.history;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Writes a run's history as it happens ({@link HistoryFile}): the users hand each ended request to a bounded queue
 * and one writer thread empties it into the file, so memory stays bounded however long the run. A user never waits
 * for the writer: when the queue is full the request is dropped and counted, and the file ends with that count (a
 * {@code {"dropped":N}} line), which the checker reports among the requests not judged. Ids come from one counter
 * at send time; times are microseconds after the recorder's start, the load's.
 */
public final class HistoryRecorder implements AutoCloseable {

    /** About 200 bytes a line: 64 Ki queued lines hold some 13 MB at most. */
    public static final int DEFAULT_CAPACITY = 1 << 16;

    private final BlockingQueue<HistoryRequest> queue;
    private final long startNanos;
    private final AtomicLong ids = new AtomicLong();
    private final AtomicLong dropped = new AtomicLong();
    private final Thread writer;
    private final Writer out;
    private volatile boolean closing;
    private boolean closed;
    private volatile IOException failure;

    /**
     * Starts writing to {@code file} (replacing what it held).
     *
     * @param capacity   the requests the queue holds for the writer; more are dropped
     * @param startNanos the {@link System#nanoTime()} the history's times count from
     */
    public static HistoryRecorder open(Path file, int capacity, long startNanos) throws IOException {
        return new HistoryRecorder(Files.newBufferedWriter(file, StandardCharsets.UTF_8), capacity, startNanos);
    }

    HistoryRecorder(Writer out, int capacity, long startNanos) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity is " + capacity + "; the queue holds at least one request");
        }
        this.queue = new ArrayBlockingQueue<>(capacity);
        this.startNanos = startNanos;
        this.out = out;
        this.writer = Thread.ofPlatform().name("history-writer").daemon().start(this::drain);
    }

    /** The id of a request being sent now: unique in this history, from 1. */
    public long nextId() {
        return ids.incrementAndGet();
    }

    /** {@code nanos} ({@link System#nanoTime()} terms) as the history's microseconds. */
    public long micros(long nanos) {
        return Math.max(0, (nanos - startNanos) / 1_000);
    }

    /** Queues an ended request for writing, or drops and counts it when the queue is full; never blocks. */
    public void record(HistoryRequest request) {
        if (closing || !queue.offer(request)) {
            dropped.incrementAndGet();
        }
    }

    /** Requests dropped so far, unwritten. */
    public long dropped() {
        return dropped.get();
    }

    /** Writes what is queued, then the dropped count when there is one, and closes the file; once. */
    @Override
    public synchronized void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        closing = true;
        try {
            writer.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while writing the history's last lines", e);
        }
        try (out) {
            if (failure != null) {
                throw failure;
            }
            // a request a user queued while the writer was finishing
            for (HistoryRequest late = queue.poll(); late != null; late = queue.poll()) {
                out.write(HistoryLineFormat.line(late));
                out.write('\n');
            }
            if (dropped.get() > 0) {
                out.write(HistoryLineFormat.dropped(dropped.get()));
                out.write('\n');
            }
        }
    }

    private void drain() {
        try {
            while (!closing || !queue.isEmpty()) {
                HistoryRequest request = queue.poll(50, TimeUnit.MILLISECONDS);
                if (request != null) {
                    out.write(HistoryLineFormat.line(request));
                    out.write('\n');
                }
            }
        } catch (IOException e) {
            failure = e;
        } catch (InterruptedException e) {
            failure = new IOException("the history's writer was interrupted", e);
        }
    }
}
