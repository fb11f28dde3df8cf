package io.replsim.scenario.capacity;

import java.util.List;

/**
 * A straight line through readings of a measure against the load, by weighted least squares, and where it meets a
 * limit with a 95% interval. A reading's weight is its steady window's seconds: a reading over a longer window moves
 * less between runs (docs/capacity.md measures it), so it counts more. Readings over shorter windows than the
 * longest also get their own level (an offset from the line), since a step's first seconds read higher than its
 * later ones: they say how steeply the measure rises, the longest windows say where it is. The interval is
 * Fieller's for the load at which the line reaches the limit: every load whose 95% band around the line holds the
 * limit, the band's width from the readings' own scatter about the line (Student's t with n − p degrees of freedom,
 * p the 2 or 3 things fitted). Readings that scatter more than they rise give a wide interval, or none.
 *
 * @param points     how many readings the line is fitted to
 * @param parameters 2 (level and slope), or 3 when the shorter windows have their own level
 * @param meanUsers  the readings' weighted mean load, where {@code level} is the line's value
 * @param level      the line's value at {@code meanUsers}, for readings over the longest window
 * @param slope      how much the measure rises per user
 * @param offset     how much higher readings over shorter windows are (0 with 2 parameters)
 * @param residualSd the scatter of a reading of weight 1 about the line
 * @param varLevel   the variance of {@code level} over the residual variance
 * @param covariance the covariance of {@code level} and {@code slope} over the residual variance
 * @param varSlope   the variance of {@code slope} over the residual variance
 */
public record LinearFit(int points, int parameters, double meanUsers, double level, double slope, double offset,
                        double residualSd, double varLevel, double covariance, double varSlope) {

    /**
     * One reading: a load, what the measure read there, how much it counts, and whether it is over a shorter window
     * than the longest (then it belongs to the offset's group).
     */
    public record Point(double users, double value, double weight, boolean shorter) {

        /** A reading over the longest window. */
        public Point(double users, double value, double weight) {
            this(users, value, weight, false);
        }
    }

    /** Where the line meets a limit. */
    public sealed interface Crossing {
        /** The load at which the line reaches the limit, and the 95% interval around it. */
        record Bounded(double users, double low, double high) implements Crossing {
        }

        /**
         * No interval holds it: the line does not rise ({@code users} NaN), or rises less than its readings scatter
         * ({@code users} where it reaches the limit all the same).
         */
        record Unbounded(double users, String why) implements Crossing {
        }
    }

    /** At least one reading more than the things fitted: with none over, nothing is left to measure the scatter. */
    public static final int FEWEST_POINTS = 3;

    /**
     * The line through {@code points}; null with fewer than one reading more than the things to fit, or when the
     * readings cannot tell them apart (all at one load).
     */
    public static LinearFit of(List<Point> points) {
        boolean grouped = points.stream().anyMatch(Point::shorter) && points.stream().anyMatch(p -> !p.shorter());
        int parameters = grouped ? 3 : 2;
        if (points.size() <= parameters) {
            return null;
        }
        double weight = points.stream().mapToDouble(Point::weight).sum();
        double meanUsers = points.stream().mapToDouble(p -> p.weight() * p.users()).sum() / weight;
        // the normal equations X'WX β = X'Wy, X's rows (1, users − mean, shorter ? 1 : 0)
        double[][] xtx = new double[parameters][parameters];
        double[] xty = new double[parameters];
        for (Point p : points) {
            double[] x = row(p, meanUsers, parameters);
            for (int i = 0; i < parameters; i++) {
                xty[i] += p.weight() * x[i] * p.value();
                for (int j = 0; j < parameters; j++) {
                    xtx[i][j] += p.weight() * x[i] * x[j];
                }
            }
        }
        double[][] inverse = inverse(xtx);
        if (inverse == null) {
            return null;
        }
        double[] beta = new double[parameters];
        for (int i = 0; i < parameters; i++) {
            for (int j = 0; j < parameters; j++) {
                beta[i] += inverse[i][j] * xty[j];
            }
        }
        double residuals = 0;
        for (Point p : points) {
            double[] x = row(p, meanUsers, parameters);
            double fitted = 0;
            for (int i = 0; i < parameters; i++) {
                fitted += beta[i] * x[i];
            }
            residuals += p.weight() * (p.value() - fitted) * (p.value() - fitted);
        }
        return new LinearFit(points.size(), parameters, meanUsers, beta[0], beta[1], grouped ? beta[2] : 0,
                Math.sqrt(residuals / (points.size() - parameters)), inverse[0][0], inverse[0][1], inverse[1][1]);
    }

    /** The line's value at {@code users}, for a reading over the longest window. */
    public double at(double users) {
        return level + slope * (users - meanUsers);
    }

    /** Where the line reaches {@code limit}, with its 95% interval (Fieller). */
    public Crossing crossing(double limit) {
        return crossing(limit, 0);
    }

    /**
     * Where the line reaches {@code limit}, with a 95% interval for where another search's line would: the scatter of
     * one more reading of weight {@code readingWeight} about the line added to the line's own uncertainty (an inverse
     * prediction interval). A cluster's CPU at one load moves between searches minutes apart by about as much as one
     * reading scatters about its search's line (29 Nov 2026, five searches: docs/measurements/capacity.md), which the confidence
     * interval of one search's line cannot see.
     */
    public Crossing predictedCrossing(double limit, double readingWeight) {
        return crossing(limit, 1 / readingWeight);
    }

    private Crossing crossing(double limit, double newReadingVariance) {
        if (slope <= 0) {
            return new Crossing.Unbounded(Double.NaN, "it does not rise with the load");
        }
        // (e + b·d)² ≤ q·(V00 + 2·V01·d + V11·d²): d a load's distance from the mean load, e the line's at it
        double q = square(tQuantile95(points - parameters) * residualSd);
        double e = level - limit;
        double a = slope * slope - q * varSlope;
        if (a <= 0) {
            return new Crossing.Unbounded(meanUsers - e / slope, "it rises less than its readings scatter");
        }
        double b = 2 * (e * slope - q * covariance);
        double c = e * e - q * (varLevel + newReadingVariance);
        double root = Math.sqrt(Math.max(0, b * b - 4 * a * c));
        return new Crossing.Bounded(meanUsers - e / slope, meanUsers + (-b - root) / (2 * a),
                meanUsers + (-b + root) / (2 * a));
    }

    /** Student's t at 97.5% (a two-sided 95% interval) for {@code dof} degrees of freedom. */
    public static double tQuantile95(int dof) {
        double[] table = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160,
                2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048,
                2.045, 2.042};
        if (dof < 1) {
            throw new IllegalArgumentException("Student's t needs 1 degree of freedom or more, got " + dof);
        }
        return dof <= table.length ? table[dof - 1] : 1.960 + 2.4 / dof; // within 0.002 of the exact value above 30
    }

    private static double[] row(Point p, double meanUsers, int parameters) {
        return parameters == 3 ? new double[] {1, p.users() - meanUsers, p.shorter() ? 1 : 0}
                : new double[] {1, p.users() - meanUsers};
    }

    /** The inverse of a 2×2 or 3×3 symmetric matrix; null when it is singular (the readings cannot tell apart). */
    private static double[][] inverse(double[][] m) {
        if (m.length == 2) {
            double det = m[0][0] * m[1][1] - m[0][1] * m[1][0];
            if (Math.abs(det) <= 1e-12 * Math.abs(m[0][0] * m[1][1])) {
                return null;
            }
            return new double[][] {{m[1][1] / det, -m[0][1] / det}, {-m[1][0] / det, m[0][0] / det}};
        }
        double[][] cof = new double[3][3];
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                int r1 = (i + 1) % 3;
                int r2 = (i + 2) % 3;
                int c1 = (j + 1) % 3;
                int c2 = (j + 2) % 3;
                cof[i][j] = m[r1][c1] * m[r2][c2] - m[r1][c2] * m[r2][c1];
            }
        }
        double det = m[0][0] * cof[0][0] + m[0][1] * cof[0][1] + m[0][2] * cof[0][2];
        double scale = Math.abs(m[0][0] * m[1][1] * m[2][2]);
        if (Math.abs(det) <= 1e-12 * scale) {
            return null;
        }
        double[][] inv = new double[3][3];
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                inv[i][j] = cof[j][i] / det;
            }
        }
        return inv;
    }

    private static double square(double x) {
        return x * x;
    }
}
