package io.replsim.replication.session;

/** How many sessions a node holds as their owner and how many as a backup copy. */
public record SessionCounts(int owned, int backup) {
    public int total() {
        return owned + backup;
    }
}
