package io.replsim.loadgen.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.replsim.loadgen.anomaly.ConsistencyChecker;
import java.io.IOException;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The recorder's file: what users on several threads hand it is written whole, one request a line the checker
 * reads; with its writer stuck and its queue full, a user's {@code record} returns at once, the request is dropped
 * and counted, and the file's dropped count makes the checker count those requests as not judged.
 */
class HistoryRecorderTest {

    @TempDir
    Path dir;

    @Test
    void requestsFromManyThreadsAreWrittenWholeWithIdsOfTheirOwn() throws Exception {
        Path file = dir.resolve(HistoryFile.NAME);
        long start = System.nanoTime();
        try (HistoryRecorder recorder = HistoryRecorder.open(file, HistoryRecorder.DEFAULT_CAPACITY, start)) {
            List<Thread> users = new ArrayList<>();
            for (int user = 0; user < 4; user++) {
                int index = user;
                users.add(Thread.ofPlatform().start(() -> {
                    for (int i = 0; i < 500; i++) {
                        long id = recorder.nextId();
                        recorder.record(Requests.of(id).user(index).append().at(id, id + 1).ok("node1", "s" + index,
                                id));
                    }
                }));
            }
            for (Thread user : users) {
                user.join();
            }
        }

        History history = HistoryFile.readHistory(file);
        assertThat(history.dropped()).isZero();
        assertThat(history.requests()).hasSize(2_000);
        assertThat(history.requests()).extracting(HistoryRequest::id).doesNotHaveDuplicates()
                .allSatisfy(id -> assertThat(id).isBetween(1L, 2_000L));
        assertThat(Files.readString(file, StandardCharsets.UTF_8)).doesNotContain("dropped");
    }

    @Test
    void aFullQueueDropsAndCountsWithoutBlockingTheUser() throws Exception {
        StuckWriter stuck = new StuckWriter();
        HistoryRecorder recorder = new HistoryRecorder(stuck, 2, 0);
        recorder.record(Requests.of(1).user(1).append().at(1, 2).ok("node1", "s", 1));
        assertThat(stuck.entered.await(10, TimeUnit.SECONDS)).as("the writer took the first request").isTrue();

        assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
            for (long id = 2; id <= 10; id++) {
                recorder.record(Requests.of(id).user(1).on("s").append().at(id, id + 1).ok("node1", "s", 1, id));
            }
        }, "record blocked on a full queue");
        assertThat(recorder.dropped()).isEqualTo(7);

        stuck.release.countDown();
        recorder.close();
        Path file = dir.resolve(HistoryFile.NAME);
        Files.writeString(file, stuck.text(), StandardCharsets.UTF_8);
        History history = HistoryFile.readHistory(file);
        assertThat(history.requests()).extracting(HistoryRequest::id).containsExactly(1L, 2L, 3L);
        assertThat(history.dropped()).isEqualTo(7);
        assertThat(ConsistencyChecker.check(history).notJudged()).isEqualTo(7);
    }

    @Test
    void aDroppedCountThatIsNotACountIsNamed() throws Exception {
        Path file = dir.resolve(HistoryFile.NAME);
        Files.writeString(file, "{\"dropped\":-3}\n");

        assertThatThrownBy(() -> HistoryFile.readHistory(file)).isInstanceOf(HistoryFormatException.class)
                .hasMessageEndingWith("line 1: \"dropped\" is -3; it takes a whole number from 0, the requests the"
                        + " driver recorded but could not write");
    }

    @Test
    void timesAreMicrosecondsAfterTheStart() {
        HistoryRecorder recorder = new HistoryRecorder(new StringWriter(), 1, 1_000_000);
        try (recorder) {
            assertThat(recorder.micros(3_500_000)).isEqualTo(2_500);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    /** A file whose first write blocks until released, as a disk that stalls would. */
    private static final class StuckWriter extends Writer {
        final CountDownLatch entered = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);
        private final StringBuilder text = new StringBuilder();

        @Override
        public synchronized void write(char[] chars, int offset, int length) throws IOException {
            entered.countDown();
            try {
                if (!release.await(30, TimeUnit.SECONDS)) {
                    throw new IOException("never released");
                }
            } catch (InterruptedException e) {
                throw new IOException(e);
            }
            text.append(chars, offset, length);
        }

        @Override
        public void write(String string) throws IOException {
            write(string.toCharArray(), 0, string.length());
        }

        synchronized String text() {
            return text.toString();
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    }
}
