package io.replsim.bench.floor;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** A process's command line as the kernel keeps it ({@code /proc/<pid>/cmdline}, NUL-separated), and its options. */
final class NodeArgumentsRead {
    private NodeArgumentsRead() {
    }

    /** Empty when the process is gone or not readable. */
    static List<String> of(long pid) {
        try {
            return parse(Files.readAllBytes(Path.of("/proc", Long.toString(pid), "cmdline")));
        } catch (IOException gone) {
            return List.of();
        }
    }

    static List<String> parse(byte[] cmdline) {
        String text = new String(cmdline, StandardCharsets.UTF_8);
        if (text.endsWith("\0")) {
            text = text.substring(0, text.length() - 1);
        }
        return text.isEmpty() ? List.of() : List.of(text.split("\0", -1));
    }

    /** The argument after {@code option}, if any. */
    static Optional<String> valueOf(List<String> arguments, String option) {
        int at = arguments.indexOf(option);
        return at >= 0 && at + 1 < arguments.size() ? Optional.of(arguments.get(at + 1)) : Optional.empty();
    }
}
