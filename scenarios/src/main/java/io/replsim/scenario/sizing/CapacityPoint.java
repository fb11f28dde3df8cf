package io.replsim.scenario.sizing;

/** A measured capacity: a cluster of {@code nodes} (1 to 1000) sustained {@code users} (finite, above 0). */
public record CapacityPoint(int nodes, double users) {

    static final int MAX_NODES = 1000;
    static final double MAX_USERS = 1e9;
    private static final String EXPECTED = "nodes:users such as 3:450, nodes a whole number from 1 to 1000 and users"
            + " a number above 0 and at most 1000000000";

    public CapacityPoint {
        if (nodes < 1 || nodes > MAX_NODES || !Double.isFinite(users) || !(users > 0) || users > MAX_USERS) {
            throw new IllegalArgumentException("got " + nodes + " nodes, " + users + " users; expected " + EXPECTED);
        }
    }

    /** {@code 3:450}: 3 nodes sustained 450 users. */
    public static CapacityPoint parse(String text) {
        String[] parts = text.trim().split(":");
        try {
            if (parts.length == 2) {
                return new CapacityPoint(Integer.parseInt(parts[0].trim()), Double.parseDouble(parts[1].trim()));
            }
        } catch (IllegalArgumentException outOfRangeOrNotANumber) { // NumberFormatException is one too
            // reported below, as written
        }
        throw new IllegalArgumentException("got \"" + text + "\", expected " + EXPECTED);
    }
}
