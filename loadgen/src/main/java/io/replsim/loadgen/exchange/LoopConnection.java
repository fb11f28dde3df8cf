package io.replsim.loadgen.exchange;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketException;
import java.net.StandardSocketOptions;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.util.Optional;
import javax.net.ssl.SSLException;

/**
 * One HTTP/1.1 connection on a non-blocking channel, for an event loop: it connects, sends a {@code GET} and reads
 * its answer a readiness event at a time, never waiting. Its bytes go through {@link ChannelBytes}: as they are for
 * http, through TLS for https. Used on its loop's thread only, one request at a time.
 */
final class LoopConnection {

    private final SocketChannel channel;
    private final ChannelBytes bytes;
    private final SelectionKey key;
    /** The key's interest ops as last set: set again only when they change. */
    private int interest;
    private final String address;
    private final ConnectionCount count;
    private final RequestBytes requests;
    private final ResponseReader reader;
    /** The channel's view of the reader's buffer, made again only when the reader grows its buffer. */
    private ByteBuffer readInto = ByteBuffer.allocate(0);
    private boolean connected;
    private boolean closed;
    /** What is left to send of the request, or null once it is all sent. */
    private ByteBuffer unsent;
    /** The last request's bytes as a buffer: the same request again is sent from it, not wrapped anew. */
    private ByteBuffer lastRequest = ByteBuffer.allocate(0);
    private boolean closeAfter;
    private String wanted;
    private int answers;
    /** Whether any byte of the answer to the request in progress, or the last one, has come. */
    private boolean answerBegun;

    private LoopConnection(SocketChannel channel, ChannelBytes bytes, Selector selector, String address, URI base,
                           ConnectionCount count) throws IOException {
        this.channel = channel;
        this.bytes = bytes;
        this.address = address;
        this.count = count;
        this.requests = RequestBytes.to(base);
        this.reader = ResponseReader.resumable(this::readSome);
        this.key = channel.register(selector, 0, null);
    }

    /**
     * Starts connecting to {@code address} (the resolved address of {@code base}) and registers the channel with
     * {@code selector}, the key's attachment left to the caller. A connect refused at once is a
     * {@link HttpConnection.ConnectFailure}; one refused later comes from {@link #ready}. A TLS handshake, with
     * {@code tls}, goes on as the request is sent; one that fails is an {@link SSLException} naming the address.
     *
     * @param tls     how to speak TLS to an https node, empty for plain http
     * @param staging the loop's direct buffer that plain http's bytes go through ({@link PlainBytes})
     */
    static LoopConnection open(URI base, InetSocketAddress address, Optional<ClientTls> tls, Selector selector,
                               ConnectionCount count, ByteBuffer staging) throws IOException {
        SocketChannel channel = SocketChannel.open();
        LoopConnection connection;
        try {
            channel.configureBlocking(false);
            channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
            String where = address.getHostString() + ":" + address.getPort();
            ChannelBytes bytes = tls.isEmpty() ? new PlainBytes(channel, staging)
                    : new TlsBytes(channel, tls.get().engineFor(base.getHost(), address.getPort()), where);
            connection = new LoopConnection(channel, bytes, selector, where, base, count);
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
        try {
            if (channel.connect(address)) {
                connection.markConnected();
            } else {
                connection.interest(SelectionKey.OP_CONNECT);
            }
        } catch (IOException | RuntimeException e) { // an unresolved address is a RuntimeException
            connection.close();
            throw connection.connectFailure(e);
        }
        return connection;
    }

    private void markConnected() {
        connected = true;
        count.opened();
    }

    private HttpConnection.ConnectFailure connectFailure(Exception e) {
        return new HttpConnection.ConnectFailure("cannot connect to " + address + ": " + e, e);
    }

    SelectionKey key() {
        return key;
    }

    /** Whether its TCP connect completed. */
    boolean connected() {
        return connected;
    }

    /** The node's address as connected to, {@code host:port}. */
    String address() {
        return address;
    }

    /** Whether it answered a request before: a reused connection may have been closed by the server meanwhile. */
    boolean reused() {
        return answers > 0;
    }

    /**
     * Whether the request in progress went out whole: then the node may have processed it, and a failure after
     * that is of unknown outcome even when a new connection is refused next.
     */
    boolean requestSent() {
        return connected && unsent == null;
    }

    /**
     * Whether the request in progress went out whole and no byte of an answer came before it failed: the node took
     * it and then went away (or closed the connection) without answering.
     */
    boolean unanswered() {
        return requestSent() && !answerBegun;
    }

    /**
     * Sends {@code GET pathAndQuery} as far as the channel takes it now; the rest, and the answer, come with
     * {@link #ready}.
     *
     * @param cookie the {@code Cookie} header's value, or null
     * @param requestId the request's id in the run's history, or 0 when none is kept
     * @param close  ask the server to close the connection after answering
     * @param wanted the lower-case name of one more header to keep, or null
     */
    void send(String pathAndQuery, String cookie, long requestId, boolean close, String wanted) throws IOException {
        this.closeAfter = close;
        this.wanted = wanted;
        byte[] request = requests.get(pathAndQuery, cookie, close, requestId);
        lastRequest = lastRequest.array() == request ? lastRequest.clear() : ByteBuffer.wrap(request);
        this.unsent = lastRequest;
        this.answerBegun = reader.holdsUnread();
        if (connected) {
            write();
        }
    }

    /**
     * Goes on with the request after its key was selected: finishes the connect, sends what is left (a TLS handshake
     * first), reads what has come. Returns the answer once it is whole, else null.
     */
    Response ready() throws IOException {
        if (!connected) {
            try {
                if (!channel.finishConnect()) {
                    return null;
                }
            } catch (IOException e) {
                throw connectFailure(e);
            }
            markConnected();
        }
        if (unsent != null) {
            write();
            if (unsent != null) {
                return null;
            }
            // on a plain channel the answer cannot have come before all of the request went: the key was selected
            // for the write, not readable, and the read waits for the next select
        }
        if (!bytes.mayRead(key)) {
            return null;
        }
        Response response = reader.read(closeAfter, wanted);
        if (response != null) {
            answers++;
            interest(SelectionKey.OP_READ); // stays on: the client watches its idle connections for the server's close
        } else {
            interest(bytes.readInterest());
        }
        return response;
    }

    private void write() throws IOException {
        int waitFor;
        try {
            waitFor = bytes.write(unsent);
        } catch (SSLException e) {
            throw e; // TLS failed, not the socket: a failed handshake names the address and what went wrong
        } catch (IOException e) {
            // a broken pipe is not a SocketException on a channel, but it is the socket's failure all the same
            SocketException failed = new SocketException("cannot send the request to " + address + ": " + e);
            failed.initCause(e);
            throw failed;
        }
        if (waitFor != 0) {
            interest(waitFor);
        } else {
            unsent = null;
            interest(SelectionKey.OP_READ);
        }
    }

    private void interest(int ops) {
        if (ops != interest) {
            key.interestOps(ops);
            interest = ops;
        }
    }

    /** The reader's source: what the channel has now, 0 bytes when nothing has come yet. */
    private int readSome(byte[] into, int offset, int length) throws IOException {
        if (readInto.array() != into) {
            readInto = ByteBuffer.wrap(into);
        }
        readInto.limit(offset + length).position(offset);
        int read = bytes.read(readInto);
        if (read > 0) {
            answerBegun = true;
        }
        return read;
    }

    /** Closes the channel and cancels its key; counted as closed once, if it was counted as opened. */
    void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (connected) {
            count.closed();
            bytes.closing();
        }
        key.cancel();
        try {
            channel.close();
        } catch (IOException ignored) {
            // closing is best effort; the count already says it is gone
        }
    }
}
