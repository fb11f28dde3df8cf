package io.replsim.loadgen.exchange;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;

/**
 * Plain http: the channel's bytes as they are, one system call per write or read, nothing kept. A heap buffer goes
 * through the loop's one direct buffer, as the JDK would copy it through a temporary one of its own; passing the
 * loop's spares the JDK's per-thread lookup of that temporary buffer on every write and read.
 */
final class PlainBytes implements ChannelBytes {

    private final SocketChannel channel;
    /** The event loop's direct buffer, shared by its connections: only its thread uses it, between two calls. */
    private final ByteBuffer staging;

    PlainBytes(SocketChannel channel, ByteBuffer staging) {
        this.channel = channel;
        this.staging = staging;
    }

    @Override
    public int write(ByteBuffer bytes) throws IOException {
        if (bytes.isDirect()) {
            channel.write(bytes);
        } else {
            while (bytes.hasRemaining()) {
                int length = Math.min(bytes.remaining(), staging.capacity());
                staging.clear().put(0, bytes, bytes.position(), length).limit(length);
                int written = channel.write(staging);
                bytes.position(bytes.position() + written);
                if (written < length) {
                    break; // the socket's buffer is full: wait until it is writable
                }
            }
        }
        return bytes.hasRemaining() ? SelectionKey.OP_WRITE : 0;
    }

    @Override
    public int read(ByteBuffer into) throws IOException {
        if (into.isDirect()) {
            return channel.read(into);
        }
        staging.clear().limit(Math.min(into.remaining(), staging.capacity()));
        int read = channel.read(staging);
        if (read > 0) {
            into.put(staging.flip());
        }
        return read;
    }

    @Override
    public boolean mayRead(SelectionKey selected) {
        return selected.isReadable();
    }

    @Override
    public int readInterest() {
        return SelectionKey.OP_READ;
    }

    /** Nothing to say: closing the channel is the goodbye. */
    @Override
    public void closing() {
    }
}
