package io.replsim.bench.floor;

/**
 * The keeping floor measured while the scenario without replication serves its load: the exchange on a machine as
 * busy as the one replsim's replication runs on, its cores shared with the nodes' request threads and the load
 * generator, its caches with theirs. Its pacing is measured beside the same load, so the sending counts only what
 * the exchange adds there.
 *
 * @param pacing  the probe with 0-byte frames beside the load, per round
 * @param keeping the probe at the size, keeping every frame it answers, beside the load, per round
 * @param loadVerdict the verdict of the scenario whose load they ran beside
 */
record FloorBesideNodes(FloorReading pacing, FloorReading keeping, String loadVerdict) {
}
