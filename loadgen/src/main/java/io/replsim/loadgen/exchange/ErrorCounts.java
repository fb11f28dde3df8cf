package io.replsim.loadgen.exchange;

/**
 * Failed request attempts by kind. A refused connection is retried at once on the next live node, so
 * {@code connect} counts refused attempts, including those whose request then succeeded elsewhere: the balancer's
 * retry hides them from the user, not from the report.
 */
public record ErrorCounts(long connect, long io, long timeout, long httpStatus) {

    public static final ErrorCounts NONE = new ErrorCounts(0, 0, 0, 0);

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
