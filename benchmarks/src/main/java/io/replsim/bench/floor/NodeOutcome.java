package io.replsim.bench.floor;

import java.nio.file.Path;

/**
 * One cost scenario's run: node1's steady window by thread role, the nodes' mean CPU over the report's steady window
 * (summary.json's {@code cpuUsedCores}, what {@code replsim compare} reads), its verdict and where it is kept.
 */
record NodeOutcome(NodeWindow window, double meanNodeCores, String verdict, Path runDirectory) {
}
