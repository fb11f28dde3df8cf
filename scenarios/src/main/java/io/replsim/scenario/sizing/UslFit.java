package io.replsim.scenario.sizing;

import java.util.Comparator;
import java.util.List;

/**
 * Fits the USL to measured capacities by least squares on the capacities themselves. For a given γ the law is
 * linear in σ and κ (γ·n/C − 1 = σ·(n − 1) + κ·n·(n − 1)), so those are solved exactly and γ is searched; σ and κ
 * are kept at zero or more, since negative contention has no physical meaning and would extrapolate absurdly.
 *
 * @param rmse             root-mean-square error of the fitted capacities, in users
 * @param maxRelativeError the worst |fitted − measured| / measured over the points
 */
public record UslFit(UslModel model, double rmse, double maxRelativeError, List<CapacityPoint> points) {

    private static final int GAMMA_STEPS = 200;
    private static final int REFINEMENTS = 40;

    public UslFit {
        points = List.copyOf(points);
    }

    public static UslFit of(List<CapacityPoint> points) {
        if (points.stream().map(CapacityPoint::nodes).distinct().count() < 2) {
            throw new IllegalArgumentException("fitting the USL needs capacities at 2 cluster sizes or more (3 or more"
                    + " to tell contention from crosstalk), got " + points);
        }
        // γ is at least the best per-node capacity seen (σ, κ ≥ 0 only lower it) and surely below ten times it.
        double low = points.stream().mapToDouble(p -> p.users() / p.nodes()).max().orElseThrow();
        double high = low * 10;
        UslModel best = bestFor(low, points);
        for (int round = 0; round < REFINEMENTS; round++) {
            double step = (high - low) / GAMMA_STEPS;
            double bestGamma = best.gamma();
            for (int i = 0; i <= GAMMA_STEPS; i++) {
                UslModel candidate = bestFor(low + i * step, points);
                if (sse(candidate, points) < sse(best, points)) {
                    best = candidate;
                    bestGamma = candidate.gamma();
                }
            }
            low = Math.max(points.stream().mapToDouble(p -> p.users() / p.nodes()).max().orElseThrow(),
                    bestGamma - step);
            high = bestGamma + step;
        }
        UslModel model = best;
        double rmse = Math.sqrt(sse(model, points) / points.size());
        double maxRelative = points.stream()
                .mapToDouble(p -> Math.abs(model.capacity(p.nodes()) - p.users()) / p.users()).max().orElse(0);
        return new UslFit(model, rmse, maxRelative, points);
    }

    /** σ and κ for a given γ by linear least squares through the origin, both kept at zero or more. */
    private static UslModel bestFor(double gamma, List<CapacityPoint> points) {
        double sxx = 0, sxy = 0, syy = 0, sxz = 0, syz = 0;
        for (CapacityPoint p : points) {
            double x = p.nodes() - 1;
            double y = p.nodes() * (p.nodes() - 1.0);
            double z = gamma * p.nodes() / p.users() - 1;
            sxx += x * x;
            sxy += x * y;
            syy += y * y;
            sxz += x * z;
            syz += y * z;
        }
        double det = sxx * syy - sxy * sxy;
        double sigma = det == 0 ? 0 : (sxz * syy - syz * sxy) / det;
        double kappa = det == 0 ? 0 : (syz * sxx - sxz * sxy) / det;
        if (sigma < 0 || kappa < 0) {
            // one of them at its bound: fit the other alone
            UslModel sigmaOnly = new UslModel(gamma, sxx == 0 ? 0 : Math.max(0, sxz / sxx), 0);
            UslModel kappaOnly = new UslModel(gamma, 0, syy == 0 ? 0 : Math.max(0, syz / syy));
            return List.of(sigmaOnly, kappaOnly).stream()
                    .min(Comparator.comparingDouble(m -> sse(m, points))).orElseThrow();
        }
        return new UslModel(gamma, sigma, kappa);
    }

    /** The smallest cluster a capacity was measured on: below it the fit has not been checked. */
    public int smallestMeasured() {
        return points.stream().mapToInt(CapacityPoint::nodes).min().orElseThrow();
    }

    /** The largest cluster a capacity was measured on: beyond it the fit is an extrapolation. */
    public int largestMeasured() {
        return points.stream().mapToInt(CapacityPoint::nodes).max().orElseThrow();
    }

    /** Whether a cluster of {@code nodes} lies within the sizes measured. */
    public boolean measuredAround(int nodes) {
        return nodes >= smallestMeasured() && nodes <= largestMeasured();
    }

    private static double sse(UslModel model, List<CapacityPoint> points) {
        double sum = 0;
        for (CapacityPoint p : points) {
            double error = model.capacity(p.nodes()) - p.users();
            sum += error * error;
        }
        return sum;
    }
}
