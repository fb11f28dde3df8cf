package io.replsim.replication.transport.stream;

import java.io.DataInput;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Optional;

/**
 * The challenge and response that open a direct stream, before any frame is read: each side sends a fresh nonce,
 * and each proves the cluster secret with an HMAC over both nonces, so neither a stranger without the secret nor a
 * recording of an earlier stream gets a frame applied, and a sender never hands a session to a listener that cannot
 * prove the secret either. Without a key (a benchmark measuring what this costs) only the hello is sent.
 *
 * <pre>
 * sender -> server   hello, sender nonce (16 bytes)
 * server -> sender   server nonce (16), HMAC("server", cluster, sender nonce, server nonce)
 * sender -> server   HMAC("sender", cluster, sender name, sender nonce, server nonce), then frames
 * </pre>
 */
final class StreamHandshake {
    static final int NONCE_BYTES = 16;
    static final int PROOF_BYTES = 32;
    private static final byte[] SERVER = "replsim-stream-server".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] SENDER = "replsim-stream-sender".getBytes(StandardCharsets.US_ASCII);
    private static final SecureRandom RANDOM = new SecureRandom();

    private StreamHandshake() {
    }

    /** What the sender sends after its hello: a fresh nonce when there is a key, else nothing. */
    static byte[] senderNonce(Optional<PeerKey> key) {
        return key.isPresent() ? nonce() : new byte[0];
    }

    /**
     * The sender's side after its hello and nonce went out: reads and checks the server's proof; returns the bytes
     * to send ahead of the first frame (its own proof), or throws when the server cannot prove the secret.
     */
    static byte[] answerServer(Optional<PeerKey> key, StreamHello hello, byte[] senderNonce, DataInput in)
            throws IOException {
        if (key.isEmpty()) {
            return new byte[0];
        }
        byte[] serverNonce = readExactly(in, NONCE_BYTES);
        byte[] serverProof = readExactly(in, PROOF_BYTES);
        byte[] cluster = hello.cluster().getBytes(StandardCharsets.UTF_8);
        if (!key.get().verifies(serverProof, SERVER, cluster, senderNonce, serverNonce)) {
            throw new IOException("the stream server does not prove the cluster secret");
        }
        return key.get().mac(SENDER, cluster, hello.sender().name().getBytes(StandardCharsets.UTF_8), senderNonce,
                serverNonce);
    }

    /**
     * The server's side, from the first byte a peer sends: its hello, then the challenge and its answer. Returns the
     * hello of a peer that proved the secret (and speaks this protocol), or why it was refused.
     */
    static Result accept(Optional<PeerKey> key, String cluster, DataInput in, DataOutputStream out) throws IOException {
        Optional<StreamHello> hello = StreamHello.readFrom(in);
        if (hello.isEmpty()) {
            return new Result.Refused("not a replsim stream");
        }
        if (key.isEmpty()) {
            return new Result.Proven(hello.get());
        }
        byte[] senderNonce = readExactly(in, NONCE_BYTES);
        byte[] serverNonce = nonce();
        byte[] clusterBytes = cluster.getBytes(StandardCharsets.UTF_8);
        out.write(serverNonce);
        out.write(key.get().mac(SERVER, clusterBytes, senderNonce, serverNonce));
        out.flush();
        byte[] senderProof = readExactly(in, PROOF_BYTES);
        // The proof covers the cluster this server belongs to: a hello naming another cluster cannot pass.
        boolean proven = key.get().verifies(senderProof, SENDER, clusterBytes,
                hello.get().sender().name().getBytes(StandardCharsets.UTF_8), senderNonce, serverNonce);
        return proven ? new Result.Proven(hello.get())
                : new Result.Refused("no proof of the cluster secret from " + hello.get());
    }

    /** What the server's side of the handshake came to. */
    sealed interface Result {
        record Proven(StreamHello hello) implements Result {
        }

        record Refused(String reason) implements Result {
        }
    }

    private static byte[] nonce() {
        byte[] nonce = new byte[NONCE_BYTES];
        RANDOM.nextBytes(nonce);
        return nonce;
    }

    private static byte[] readExactly(DataInput in, int length) throws IOException {
        byte[] bytes = new byte[length];
        in.readFully(bytes);
        return bytes;
    }
}
