package io.replsim.loadgen.user;

import io.replsim.loadgen.exchange.ErrorKind;
import io.replsim.loadgen.exchange.Exchange;

/**
 * Whether a failed attempt of a user's request is a read to send once more, at once, to the next live node: its node
 * took the whole request and then closed or reset the connection before any byte of an answer, as a node killed with
 * requests in flight does. Reading again changes nothing, so a balancer passes such a request on to another node
 * (nginx's {@code proxy_next_upstream error}, HAProxy's {@code retry-on}) and an HTTP client sends it again (RFC 9110
 * §9.2.2 lets a client retry an idempotent request; the JDK's HttpClient and Apache's do so for a GET). A write that
 * went out whole is never passed on to another node: its node may have applied it before it went away, and a second
 * copy could apply it twice; it stays a failure of unknown outcome, an indeterminate write to the history's checker.
 * Once per request: a read that its second node leaves unanswered too fails as any other request.
 */
final class ReadResend {

    private boolean spent;

    /** A new request starts: if it is a read, it may be sent again once. */
    void newRequest() {
        spent = false;
    }

    /** Whether {@code failed}, an attempt of a request that only {@code reads}, goes once more; then it is spent. */
    boolean take(Exchange.Failed failed, boolean reads) {
        if (spent || !reads || failed.kind() != ErrorKind.IO || !failed.unanswered()) {
            return false;
        }
        spent = true;
        return true;
    }
}
