package io.replsim.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * What a node command does to servers in the test's own JVM, which a shell command cannot reach: the command
 * appends a line to {@code marker}, and each new line is handed to {@code action} (which stops or starts a server
 * of the test's app as a kill -9 or a service start would), within 20 ms.
 */
final class CommandEffects implements AutoCloseable {

    interface LineAction {
        void on(String line) throws IOException;
    }

    private final Thread watcher;

    CommandEffects(Path marker, LineAction action) {
        watcher = Thread.ofVirtual().start(() -> {
            int done = 0;
            try {
                while (true) {
                    List<String> lines = Files.exists(marker) ? Files.readAllLines(marker) : List.of();
                    for (String line : lines.subList(done, lines.size())) {
                        action.on(line);
                    }
                    done = lines.size();
                    Thread.sleep(20);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    @Override
    public void close() throws InterruptedException {
        watcher.interrupt();
        watcher.join();
    }
}
