package io.replsim.scenario.runtime;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * The TCP ports a process listens on, read from /proc (Linux): the listening sockets of /proc/net/tcp whose inode is
 * one of the process's file descriptors. For tests that reach a port no API names (a node's direct-stream server
 * listens on an ephemeral one).
 */
final class ListeningPorts {
    private static final String LISTEN = "0A";

    private ListeningPorts() {
    }

    static Set<Integer> of(long pid) throws IOException {
        Set<String> inodes = new HashSet<>();
        try (Stream<Path> descriptors = Files.list(Path.of("/proc", Long.toString(pid), "fd"))) {
            for (Path descriptor : descriptors.toList()) {
                try {
                    String target = Files.readSymbolicLink(descriptor).toString();
                    if (target.startsWith("socket:[")) {
                        inodes.add(target.substring("socket:[".length(), target.length() - 1));
                    }
                } catch (IOException closedMeanwhile) {
                    // the descriptor went away between the listing and the read
                }
            }
        }
        Set<Integer> ports = new TreeSet<>();
        for (String table : List.of("tcp", "tcp6")) {
            Path path = Path.of("/proc", Long.toString(pid), "net", table);
            if (!Files.exists(path)) {
                continue;
            }
            List<String> lines = Files.readAllLines(path);
            for (String line : lines.subList(1, lines.size())) {
                String[] fields = line.trim().split("\\s+");
                if (fields[3].equals(LISTEN) && inodes.contains(fields[9])) {
                    String local = fields[1];
                    ports.add(Integer.parseInt(local.substring(local.lastIndexOf(':') + 1), 16));
                }
            }
        }
        return ports;
    }
}
