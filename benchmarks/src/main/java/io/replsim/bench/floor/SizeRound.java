package io.replsim.bench.floor;

/**
 * One size in one round, part by part: the bare sockets' exchange at a node's rate against a node's replication,
 * and the same exchange with every frame kept, as a backup keeps what it is sent.
 * The floor's sending thread is taken above its pacing (the 0-byte probe's: a timed park and its wake-up, which a
 * node's request thread pays without replication too), so both sides count only what the exchange adds. A node's
 * update goes to {@code copies} backups, as each floor round sends that many frames.
 *
 * @param floor   the probe at this size, per round
 * @param keeping the probe at this size keeping every frame it answers in an array of its own, per round
 * @param pacing  the probe with 0-byte frames, per round: the pacing alone
 * @param without the scenario without replication
 * @param with    the same scenario with replication
 * @param beside  the keeping floor and its pacing measured beside the scenario without replication, serving its load
 * @param copies  backups per update (frames per floor round): 2 in a 3-node cluster with every node holding all
 */
record SizeRound(FloorReading floor, FloorReading keeping, FloorReading pacing, NodeOutcome without,
                 NodeOutcome with, FloorBesideNodes beside, int copies) {

    /** The floor's sending thread per round above its pacing: two frames written, two answers read. */
    double floorSendingMicros() {
        return sendingAbovePacing(floor);
    }

    /** The floor's answering threads per frame answered. */
    double floorPerFrameMicros() {
        return perFrame(floor);
    }

    /** The floor of one update: its sending above the pacing and its answering, both ends. */
    double floorRoundMicros() {
        return roundAbovePacing(floor);
    }

    private double sendingAbovePacing(FloorReading probe) {
        return sendingAbove(probe, pacing);
    }

    private static double sendingAbove(FloorReading probe, FloorReading itsPacing) {
        return probe.sendingMicros() - itsPacing.sendingMicros();
    }

    private double perFrame(FloorReading probe) {
        return probe.answeringMicros() / copies;
    }

    private double roundAbovePacing(FloorReading probe) {
        return roundAbove(probe, pacing);
    }

    /** One round of {@code probe}: its sending above {@code itsPacing}, and its answering. */
    private static double roundAbove(FloorReading probe, FloorReading itsPacing) {
        return sendingAbove(probe, itsPacing) + probe.answeringMicros();
    }

    /** What replication adds to node1's request threads per request: marshalling, the session, the exchange. */
    double senderAddedMicros() {
        return with.window().microsPerRequest(ThreadRole.REQUEST) - without.window().microsPerRequest(ThreadRole.REQUEST);
    }

    /** Node1's stream threads per update it applied as a backup: reading, decoding, the allow-list, the store. */
    double backupPerUpdateMicros() {
        return with.window().microsPerApplied(ThreadRole.STREAM);
    }

    /** One update's replication, both ends: the sender's addition and each backup's applying. */
    double replicationMicros() {
        return senderAddedMicros() + copies * backupPerUpdateMicros();
    }

    double ratio() {
        return replicationMicros() / floorRoundMicros();
    }

    /** The keeping floor of one update: as {@link #floorRoundMicros}, each frame answered kept. */
    double keepingRoundMicros() {
        return roundAbovePacing(keeping);
    }

    /** The keeping floor's answering threads per frame answered and kept. */
    double keepingPerFrameMicros() {
        return perFrame(keeping);
    }

    double keepingRatio() {
        return replicationMicros() / keepingRoundMicros();
    }

    double keepingBackupRatio() {
        return backupPerUpdateMicros() / keepingPerFrameMicros();
    }

    /** The keeping floor beside the nodes' load, one update: its sending above the pacing there, its answering. */
    double besideRoundMicros() {
        return roundAbove(beside.keeping(), beside.pacing());
    }

    double besidePerFrameMicros() {
        return perFrame(beside.keeping());
    }

    double besideSendingMicros() {
        return sendingAbove(beside.keeping(), beside.pacing());
    }

    double besideRatio() {
        return replicationMicros() / besideRoundMicros();
    }

    double besideSenderRatio() {
        return senderAddedMicros() / besideSendingMicros();
    }

    double besideBackupRatio() {
        return backupPerUpdateMicros() / besidePerFrameMicros();
    }

    double senderRatio() {
        return senderAddedMicros() / floorSendingMicros();
    }

    double backupRatio() {
        return backupPerUpdateMicros() / floorPerFrameMicros();
    }

    /** The JIT, the collector and the rest per request above the baseline: not in the ratio, shown beside it. */
    double elsewhereAddedMicros() {
        double added = 0;
        for (ThreadRole role : new ThreadRole[] {ThreadRole.JIT, ThreadRole.GC, ThreadRole.OTHER}) {
            added += with.window().microsPerRequest(role) - without.window().microsPerRequest(role);
        }
        return added;
    }

    /** The scenario's node CPU above its baseline's, mean over the nodes, in cores. */
    double incrementCores() {
        return with.meanNodeCores() - without.meanNodeCores();
    }
}
