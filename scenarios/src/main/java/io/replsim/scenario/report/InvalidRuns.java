package io.replsim.scenario.report;

/**
 * What an INVALID run's verdict is. {@link #REFUSED}, the default: INVALID, whatever its checks say, since its
 * figures describe the driver rather than the cluster. {@link #ACCEPTED} ({@code --accept-invalid}): its checks'
 * verdict, for a user who wants the figures anyway; its validity line still says INVALID and why.
 */
public enum InvalidRuns {
    REFUSED,
    ACCEPTED
}
