package io.replsim.scenario.sizing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The capacities a {@code replsim capacity} run directory holds (summary.json): the search on all nodes and, when
 * it ran, the one with a node down; with each, the throughput per user and the mean response time at capacity,
 * which the thread sizing uses.
 */
public record MeasuredCapacity(CapacityPoint point, double requestsPerUserPerSecond, double meanResponseSeconds) {

    private static final ObjectMapper JSON = new ObjectMapper();

    public static List<MeasuredCapacity> readRun(Path runDirectory) throws IOException {
        Path summary = Files.isDirectory(runDirectory) ? runDirectory.resolve("summary.json") : runDirectory;
        JsonNode root = JSON.readTree(summary.toFile());
        if (root == null || !root.has("search")) {
            throw new IOException(summary + " is not the summary of a capacity run (no \"search\")");
        }
        // runs from before loadUnit existed searched users
        String unit = root.path("loadUnit").asText("users");
        if (!unit.equals("users")) {
            throw new IOException(summary + " is a search over " + unit + " (load.model open), and the sizing fits"
                    + " users; give it the capacity runs of a closed-model scenario");
        }
        List<MeasuredCapacity> found = new ArrayList<>();
        search(root.get("search")).ifPresent(found::add);
        if (root.hasNonNull("oneNodeDown")) {
            search(root.get("oneNodeDown")).ifPresent(found::add);
        }
        return found;
    }

    private static Optional<MeasuredCapacity> search(JsonNode search) {
        int users = search.path("usersSustained").asInt();
        JsonNode at = search.path("atCapacity");
        if (users <= 0 || at.isMissingNode() || at.isNull()) {
            return Optional.empty();
        }
        return Optional.of(new MeasuredCapacity(new CapacityPoint(search.path("nodes").asInt(), users),
                at.path("throughputPerSec").asDouble() / users, at.path("meanMs").asDouble() / 1000.0));
    }
}
