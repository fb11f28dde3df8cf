package io.replsim.replication.transport.wire;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.net.Socket;

/**
 * An accepted socket whose first bytes were already read (by {@link PreambleGate}) and are read again from its
 * input stream, ahead of what the peer sends next: the gate checks a preamble, JGroups then reads it as ever.
 */
final class ReplayingSocket extends Socket {
    private volatile InputStream replaying;

    /** Reads from here on start with {@code consumed}. */
    void replay(byte[] consumed) throws IOException {
        replaying = new SequenceInputStream(new ByteArrayInputStream(consumed), super.getInputStream());
    }

    @Override
    public InputStream getInputStream() throws IOException {
        InputStream stream = replaying;
        return stream != null ? stream : super.getInputStream();
    }
}
