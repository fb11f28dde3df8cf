package io.replsim.loadgen.exchange;

import io.replsim.loadgen.check.state.SessionShapes;

import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * How a cluster's app speaks for the checks: the name of its session cookie (whose value is {@code <id>.<route>},
 * as mod_jk's jvmRoute and Tomcat write it), where its answers show the serial, and, for the replsim apps, how the
 * nodes' apps are configured, so each answer's state digest can be held to the state the user's requests built
 * (empty for another cluster's app, whose answers carry no state digest), and a field the app shows when its
 * content is intact ({@code --expect}), judged on every answer.
 */
public record TargetProtocol(String cookieName, SerialSource serial, Optional<SessionShapes> shapes,
                             Optional<ContentExpectation> expect) {

    // before REPLSIM, which the constructor checks with it
    private static final Pattern TOKEN = Pattern.compile("[!#$%&'*+.^_`|~0-9A-Za-z-]+");

    /** The replsim apps: {@code JSESSIONID} and the counter's JSON. */
    public static final TargetProtocol REPLSIM = new TargetProtocol("JSESSIONID", new SerialSource.CounterJson());

    public TargetProtocol {
        Objects.requireNonNull(cookieName, "cookieName");
        Objects.requireNonNull(serial, "serial");
        Objects.requireNonNull(shapes, "shapes");
        Objects.requireNonNull(expect, "expect");
        if (serial instanceof SerialSource.Header header && expect.map(ContentExpectation::header).isPresent()
                && !header.name().equalsIgnoreCase(expect.get().header())) {
            throw new IllegalArgumentException("the serial is read from the header " + header.name() + " and the"
                    + " expectation names the header " + expect.get().header() + "; the driver keeps one header of"
                    + " an answer: read the serial from the body (json:/pointer or regex:) or expect a JSON field");
        }
        if (shapes.isPresent() && !(serial instanceof SerialSource.CounterJson)) {
            throw new IllegalArgumentException("session shapes describe the replsim apps, whose answers are the "
                    + "counter's JSON; got the serial source " + serial);
        }
        if (!TOKEN.matcher(cookieName).matches()) {
            throw new IllegalArgumentException("a cookie name such as JSESSIONID; got \"" + cookieName + "\"");
        }
    }

    /** Without an expectation of the content. */
    public TargetProtocol(String cookieName, SerialSource serial, Optional<SessionShapes> shapes) {
        this(cookieName, serial, shapes, Optional.empty());
    }

    /** The same protocol, every answer also held to {@code expectation}. */
    public TargetProtocol expecting(ContentExpectation expectation) {
        return new TargetProtocol(cookieName, serial, shapes, Optional.of(expectation));
    }

    /** Reads the command line's {@code --expect}: {@code header:NAME=v1|v2} or {@code json:/pointer=value}. */
    public static ContentExpectation parseExpectation(String text) {
        return ContentExpectation.parse(text);
    }

    /** The replsim apps' answers are judged against the nodes' default app settings, another app's by its serial. */
    public TargetProtocol(String cookieName, SerialSource serial) {
        this(cookieName, serial, serial instanceof SerialSource.CounterJson
                ? Optional.of(SessionShapes.DEFAULT) : Optional.empty());
    }

    /** The replsim apps on nodes configured as {@code shapes} says. */
    public static TargetProtocol replsim(SessionShapes shapes) {
        return new TargetProtocol(REPLSIM.cookieName(), REPLSIM.serial(), Optional.of(shapes));
    }

    /** From the command line's cookie name and serial source ({@link SerialSource#parse}). */
    public static TargetProtocol of(String cookieName, String serialSource) {
        return new TargetProtocol(cookieName, SerialSource.parse(serialSource));
    }
}
