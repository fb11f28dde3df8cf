package io.replsim.scenario.sizing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The bytes one session copy held on the nodes of a run ({@code replsim run}'s summary.json): every live node's
 * bytes held over the copies it held (owned and backup) at the last look. What sizing uses instead of a session
 * size given by hand.
 *
 * @param copies    the session copies the live nodes held together
 * @param heldBytes the bytes they held for them
 */
public record MeasuredSessionSize(long copies, long heldBytes) {

    private static final ObjectMapper JSON = new ObjectMapper();

    public MeasuredSessionSize {
        if (copies < 1 || heldBytes < 0) {
            throw new IllegalArgumentException("a measured session size needs at least one copy and no negative bytes,"
                    + " got " + heldBytes + " bytes in " + copies + " copies");
        }
    }

    /** The bytes of one copy, at least 1. */
    public long bytesPerCopy() {
        return Math.max(1, Math.round(heldBytes / (double) copies));
    }

    /** Reads a run directory (or its summary.json); says why when the run measured no session held. */
    public static MeasuredSessionSize readRun(Path runDirectory) throws IOException {
        Path summary = Files.isDirectory(runDirectory) ? runDirectory.resolve("summary.json") : runDirectory;
        JsonNode root = JSON.readTree(summary.toFile());
        JsonNode nodes = root == null ? null : root.get("nodes");
        if (nodes == null || !nodes.isArray()) {
            throw new IOException(summary + " is not the summary of a run on replsim's nodes (no \"nodes\")");
        }
        long copies = 0;
        long bytes = 0;
        for (JsonNode node : nodes) {
            if (node.path("alive").asBoolean() && node.hasNonNull("sessionsHeldBytes")) {
                copies += node.path("sessionsOwned").asLong() + node.path("sessionsBackup").asLong();
                bytes += node.get("sessionsHeldBytes").asLong();
            }
        }
        if (copies == 0) {
            throw new IOException(summary + " has no live node that measured the bytes of the sessions it held"
                    + " (sessionsHeldBytes): run the scenario again with this version of replsim");
        }
        return new MeasuredSessionSize(copies, bytes);
    }
}
