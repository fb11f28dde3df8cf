package io.replsim.scenario.sizing;

/** A measured capacity: a cluster of {@code nodes} sustained {@code users}. */
public record CapacityPoint(int nodes, double users) {

    public CapacityPoint {
        if (nodes < 1 || !(users > 0)) {
            throw new IllegalArgumentException("a capacity point has 1 node or more and more than 0 users, got "
                    + nodes + " nodes, " + users + " users");
        }
    }

    /** {@code 3:450}: 3 nodes sustained 450 users. */
    public static CapacityPoint parse(String text) {
        String[] parts = text.trim().split(":");
        try {
            if (parts.length == 2) {
                return new CapacityPoint(Integer.parseInt(parts[0].trim()), Double.parseDouble(parts[1].trim()));
            }
        } catch (NumberFormatException notANumber) {
            // reported below
        }
        throw new IllegalArgumentException("got \"" + text + "\", expected nodes:users such as 3:450");
    }
}
