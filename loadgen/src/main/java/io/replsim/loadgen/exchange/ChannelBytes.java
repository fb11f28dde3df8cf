package io.replsim.loadgen.exchange;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;

/**
 * A non-blocking connection's application bytes as {@link LoopConnection} sends and reads them: straight on the
 * channel for http ({@link PlainBytes}), through TLS for https ({@link TlsBytes}). Neither ever waits: each says
 * which readiness it needs before it can go on, and the connection sets its key's interest to that.
 */
sealed interface ChannelBytes permits PlainBytes, TlsBytes {

    /**
     * Sends as much of {@code bytes} as the channel takes now. Returns 0 once all of it is on the wire, else the
     * readiness to wait for before calling again with what is left: {@link SelectionKey#OP_WRITE}, or
     * {@link SelectionKey#OP_READ} while a TLS handshake waits for the server.
     */
    int write(ByteBuffer bytes) throws IOException;

    /** Reads application bytes into {@code into}: how many, 0 if none has come yet, -1 at the end of the peer's. */
    int read(ByteBuffer into) throws IOException;

    /**
     * Whether a {@link #read} may find something now that {@code selected} was selected: a plain channel only when
     * it is readable; TLS always, since bytes it read before may wait in it.
     */
    boolean mayRead(SelectionKey selected);

    /** The readiness to wait for after a {@link #read} found nothing yet. */
    int readInterest();

    /** Says goodbye before the channel is closed, as far as it can at once; never fails nor waits. */
    void closing();
}
