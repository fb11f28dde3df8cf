package io.replsim.scenario.metrics;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/** The endpoints a run's prometheus-targets.json lists: its nodes' in node order, then the driver's. */
record RunTargets(Path file, List<URI> nodes, URI driver) {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** The first run's under {@code runs} once it lists the driver; empty before. */
    static Optional<RunTargets> read(Path runs) throws IOException {
        if (!Files.isDirectory(runs)) {
            return Optional.empty();
        }
        Optional<Path> file;
        try (Stream<Path> runDirectories = Files.list(runs)) {
            file = runDirectories.map(run -> run.resolve("prometheus-targets.json"))
                    .filter(Files::isRegularFile).findFirst();
        }
        if (file.isEmpty()) {
            return Optional.empty();
        }
        List<URI> nodes = new ArrayList<>();
        URI driver = null;
        for (JsonNode group : JSON.readTree(file.get().toFile())) {
            URI endpoint = URI.create("http://" + group.at("/targets/0").asText() + "/metrics");
            if (group.at("/labels/replsim_role").asText().equals("driver")) {
                driver = endpoint;
            } else {
                nodes.add(endpoint);
            }
        }
        return driver == null ? Optional.empty() : Optional.of(new RunTargets(file.get(), nodes, driver));
    }
}
