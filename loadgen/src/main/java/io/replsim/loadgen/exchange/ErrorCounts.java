package io.replsim.loadgen.exchange;

/**
 * Failed request attempts by kind. A refused connection is retried at once on the next live node, so
 * {@code connect} counts refused attempts, including those whose request then succeeded elsewhere: the balancer's
 * retry hides them from the user, not from the report. So does {@code timeout} count an attempt the balancer gave up
 * on after its retry timeout ({@code balancerRetries} of them, the requests it sent on to another node: see
 * {@code Balancer.retryOnTimeout}), whatever the next node answered.
 */
public record ErrorCounts(long connect, long io, long timeout, long httpStatus, long balancerRetries) {

    public static final ErrorCounts NONE = new ErrorCounts(0, 0, 0, 0);

    /** Counts of a run whose balancer sent no request on after a timeout. */
    public ErrorCounts(long connect, long io, long timeout, long httpStatus) {
        this(connect, io, timeout, httpStatus, 0);
    }

    /** The failed attempts: the balancer's retries are among the timeouts, not counted again. */
    public long total() {
        return connect + io + timeout + httpStatus;
    }

    public long of(ErrorKind kind) {
        return switch (kind) {
            case CONNECT -> connect;
            case IO -> io;
            case TIMEOUT -> timeout;
            case HTTP_STATUS -> httpStatus;
        };
    }
}
