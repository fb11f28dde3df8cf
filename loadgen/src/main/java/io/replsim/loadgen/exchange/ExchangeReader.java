package io.replsim.loadgen.exchange;

import io.replsim.loadgen.check.CounterReply;

import java.io.IOException;
import java.time.Instant;
import java.util.Locale;
import java.util.Optional;

/**
 * Turns a node's {@link Response} into the {@link Exchange} the checks judge, as a {@link TargetProtocol} says the
 * app speaks: which cookie carries the session and where the serial is. Both clients use it, so the blocking and
 * the event-loop runtime judge answers alike.
 */
final class ExchangeReader {

    /** The {@code X-Replsim-Session} value of a node that cannot read the session it was asked for. */
    private static final String UNREADABLE = "unreadable";
    /** The {@code X-Replsim-Session} value of a node that answers with a new session because the old one expired. */
    private static final String EXPIRED = "expired";

    private final TargetProtocol protocol;
    /** The lower-case header the serial is read from, or the one the expectation names, or null. */
    private final String serialHeader;

    ExchangeReader(TargetProtocol protocol) {
        this.protocol = protocol;
        this.serialHeader = protocol.serial() instanceof SerialSource.Header header
                ? header.name().toLowerCase(Locale.ROOT)
                : protocol.expect().map(ContentExpectation::header).orElse(null);
    }

    /** The lower-case name of the header a response must keep for the serial or the expectation, or null. */
    String wantedHeader() {
        return serialHeader;
    }

    /** The {@code Cookie} header's value for the session cookie, or null without one. */
    String cookieHeader(Optional<SessionCookie> cookie) {
        return cookie.map(c -> protocol.cookieName() + "=" + c.value()).orElse(null);
    }

    /** What {@code node}'s answer to a request that sent {@code sent} says; {@code atMs} is now. */
    Exchange toExchange(NodeEndpoint node, Response response, Optional<SessionCookie> sent) {
        long atMs = System.currentTimeMillis();
        // most answers set no cookie: no clock read or header split for them
        boolean setsCookies = !response.setCookies().isEmpty();
        Optional<SessionCookie> setCookie = setsCookies
                ? SessionCookie.fromSetCookie(response.setCookies(), protocol.cookieName()) : Optional.empty();
        boolean cookieExpired = setsCookies
                && SessionCookie.expiredBy(response.setCookies(), protocol.cookieName(), Instant.now());
        String nodeHeader = response.node();
        String answeredBy = nodeHeader != null ? nodeHeader : node.name();
        if (response.status() != 200) {
            return new Exchange.Answered(atMs, response.status(), answeredBy, Optional.empty(),
                    setCookie, response.status() >= 500 && UNREADABLE.equalsIgnoreCase(response.session()), false,
                    Optional.empty(), false, cookieExpired);
        }
        CounterReply reply;
        try {
            reply = protocol.serial() instanceof SerialSource.CounterJson
                    ? CounterReplyParser.parse(response.body(), response.replyTexts())
                    : ForeignReply.read(protocol.serial(), response, sent, setCookie, answeredBy);
        } catch (IOException e) {
            return new Exchange.Failed(atMs, ErrorKind.IO, "unreadable counter reply from " + node.name() + ": " + e);
        }
        if (!reply.complete()) {
            return new Exchange.Failed(atMs, ErrorKind.IO, "incomplete counter reply from " + node.name() + ": " + reply);
        }
        Optional<ContentExpectation> expect = protocol.expect();
        if (expect.isPresent() && !expect.get().holds(response.body(), response.wantedHeader())) {
            reply = reply.withExpectationUnmet();
        }
        String servedBy = nodeHeader != null ? nodeHeader : reply.node() != null ? reply.node() : node.name();
        return new Exchange.Answered(atMs, 200, servedBy, Optional.of(reply), setCookie, false,
                EXPIRED.equalsIgnoreCase(response.session()), RecordedList.parse(response.list()), false,
                cookieExpired);
    }
}
