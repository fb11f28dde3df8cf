package io.replsim.scenario.sizing;

/**
 * Worker threads per node by Little's law: a node receiving λ requests a second that each hold a thread W seconds
 * has λ·W threads busy on average; 20% above that absorbs bursts. Sized for the survivors of a node loss, who
 * receive the whole load.
 */
public record WorkerThreads(double requestsPerSecond, int nodesServing, double responseSeconds) {

    public static final double HEADROOM = 1.2;

    public double perNodeRate() {
        return requestsPerSecond / nodesServing;
    }

    public double busyThreads() {
        return perNodeRate() * responseSeconds;
    }

    public int threads() {
        return Math.max(1, (int) Math.ceil(busyThreads() * HEADROOM));
    }
}
