package io.replsim.scenario.sizing;

import java.util.OptionalInt;

/**
 * The smallest cluster that sustains the target with one node lost: n nodes such that the USL's capacity at
 * n − 1 is at least the target (so n itself has the headroom of one node).
 *
 * @param nodes          the answer, empty when no cluster up to {@code searchedUpTo} does it (the law peaks first)
 * @param capacityAtN    the fitted capacity of the answer
 * @param capacityAtNm1  the fitted capacity with one of its nodes lost
 */
public record NodesNeeded(double targetUsers, OptionalInt nodes, double capacityAtN, double capacityAtNm1,
                          int searchedUpTo) {

    public static NodesNeeded of(UslModel model, double targetUsers, int maxNodes) {
        for (int n = 2; n <= maxNodes; n++) {
            if (model.capacity(n - 1) >= targetUsers) {
                return new NodesNeeded(targetUsers, OptionalInt.of(n), model.capacity(n), model.capacity(n - 1),
                        maxNodes);
            }
        }
        return new NodesNeeded(targetUsers, OptionalInt.empty(), Double.NaN, Double.NaN, maxNodes);
    }
}
