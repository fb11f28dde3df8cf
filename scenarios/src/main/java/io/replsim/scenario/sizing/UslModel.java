package io.replsim.scenario.sizing;

/**
 * Gunther's Universal Scalability Law: C(n) = γ·n / (1 + σ·(n − 1) + κ·n·(n − 1)). γ is one node's capacity,
 * σ the share of work that serialises (contention), κ the cost of keeping nodes coherent (crosstalk: with
 * replication to every member each update goes to n − 1 others, which is exactly a κ term).
 */
public record UslModel(double gamma, double sigma, double kappa) {

    public double capacity(int nodes) {
        return gamma * nodes / (1 + sigma * (nodes - 1) + kappa * nodes * (nodes - 1.0));
    }

    /** The capacity no cluster size reaches: γ/σ when there is no crosstalk, else the capacity at the peak. */
    public double ceiling() {
        if (kappa > 0) {
            return capacity((int) Math.max(1, Math.round(peakNodes())));
        }
        return sigma > 0 ? gamma / sigma : Double.POSITIVE_INFINITY;
    }

    /** The cluster size past which adding nodes lowers capacity: √((1 − σ)/κ); infinite when κ is 0. */
    public double peakNodes() {
        return kappa <= 0 ? Double.POSITIVE_INFINITY : Math.sqrt(Math.max(0, 1 - sigma) / kappa);
    }
}
