package io.replsim.loadgen.record;

/** Requests completed and failed attempts seen in one wall-clock second. */
public record Second(long epochSecond, long requests, long errors) {
}
