package io.replsim.scenario.metrics;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.replsim.scenario.runtime.MetricsEndpoint;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A run's metrics endpoints as a Prometheus file-based service discovery file ({@code file_sd_configs}): one
 * target group per endpoint, labelled with the run's directory name ({@code replsim_run}) and what it is
 * ({@code replsim_role}: node or driver), so one scrape config finds every run's targets while it plays.
 */
final class PrometheusTargets {
    static final String FILE = "prometheus-targets.json";

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /** One target group of the file: Prometheus reads {@code targets} and {@code labels} by these names. */
    record Group(List<String> targets, Map<String, String> labels) {
    }

    private PrometheusTargets() {
    }

    /** Writes the nodes' endpoints and the driver's, when it serves one, to the file in {@code runDirectory}. */
    static Path write(Path runDirectory, List<MetricsEndpoint> nodes, Optional<MetricsEndpoint> driver)
            throws IOException {
        String run = runDirectory.toAbsolutePath().getFileName().toString();
        List<Group> groups = new ArrayList<>();
        nodes.forEach(node -> groups.add(group(node, run, "node")));
        driver.ifPresent(endpoint -> groups.add(group(endpoint, run, "driver")));
        return replace(runDirectory, groups);
    }

    /** Leaves the file with no target: the run is over, and nothing of it answers any more. */
    static void empty(Path runDirectory) throws IOException {
        replace(runDirectory, List.of());
    }

    private static Group group(MetricsEndpoint endpoint, String run, String role) {
        return new Group(List.of(endpoint.target()), Map.of("replsim_run", run, "replsim_role", role));
    }

    private static Path replace(Path runDirectory, List<Group> groups) throws IOException {
        Path file = runDirectory.resolve(FILE);
        // Written whole beside the file and moved over it: Prometheus re-reads the file whenever it changes.
        Path partial = runDirectory.resolve(FILE + ".partial");
        JSON.writeValue(partial.toFile(), groups);
        Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        return file;
    }
}
