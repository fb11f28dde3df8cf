package io.replsim.replication.transport.wire;

import java.net.SocketException;

/**
 * A frame the guard will not let JGroups' TCP read. A SocketException because TCP's reader closes the connection on
 * one without a line in the log (on anything else it logs a stack trace): the guard logs its refusals itself, at
 * most one line a second, so a stranger who opens connection after connection cannot fill the log.
 */
final class RefusedFrameException extends SocketException {
    RefusedFrameException(String reason) {
        super(reason);
    }
}
