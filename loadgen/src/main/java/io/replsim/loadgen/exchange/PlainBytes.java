package io.replsim.loadgen.exchange;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;

/** Plain http: the channel's bytes as they are, one system call per write or read, nothing copied or kept. */
final class PlainBytes implements ChannelBytes {

    private final SocketChannel channel;

    PlainBytes(SocketChannel channel) {
        this.channel = channel;
    }

    @Override
    public int write(ByteBuffer bytes) throws IOException {
        channel.write(bytes);
        return bytes.hasRemaining() ? SelectionKey.OP_WRITE : 0;
    }

    @Override
    public int read(ByteBuffer into) throws IOException {
        return channel.read(into);
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
