package io.replsim.loadgen.exchange;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * How a cluster's app speaks for the checks: the name of its session cookie (whose value is {@code <id>.<route>},
 * as mod_jk's jvmRoute and Tomcat write it) and where its answers show the serial.
 */
public record TargetProtocol(String cookieName, SerialSource serial) {

    // before REPLSIM, which the constructor checks with it
    private static final Pattern TOKEN = Pattern.compile("[!#$%&'*+.^_`|~0-9A-Za-z-]+");

    /** The replsim apps: {@code JSESSIONID} and the counter's JSON. */
    public static final TargetProtocol REPLSIM = new TargetProtocol("JSESSIONID", new SerialSource.CounterJson());

    public TargetProtocol {
        Objects.requireNonNull(cookieName, "cookieName");
        Objects.requireNonNull(serial, "serial");
        if (!TOKEN.matcher(cookieName).matches()) {
            throw new IllegalArgumentException("a cookie name such as JSESSIONID; got \"" + cookieName + "\"");
        }
    }

    /** From the command line's cookie name and serial source ({@link SerialSource#parse}). */
    public static TargetProtocol of(String cookieName, String serialSource) {
        return new TargetProtocol(cookieName, SerialSource.parse(serialSource));
    }
}
