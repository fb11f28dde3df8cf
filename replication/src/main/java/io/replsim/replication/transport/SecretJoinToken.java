package io.replsim.replication.transport;

import org.jgroups.Address;
import org.jgroups.Message;
import org.jgroups.auth.AuthToken;
import org.jgroups.util.UUID;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * What JGroups' AUTH puts on a join or merge request (and the coordinator's answer): an HMAC of the sender's
 * address under the cluster secret. The secret never travels, and a proof copied off the wire admits only the
 * address it was made for. JGroups 5.5 ships no token that both keeps a shared secret off the wire and needs no
 * certificates (its MD5Token and SimpleToken are gone), hence this one.
 */
public final class SecretJoinToken extends AuthToken {
    private static final byte[] PURPOSE = "replsim-join".getBytes(StandardCharsets.US_ASCII);
    private static final int PROOF_BYTES = 32;

    /** Null in a token read off the wire: only the proof travels. */
    private final ClusterSecret secret;
    private volatile Consumer<Address> refusals = refused -> { };
    private byte[] proof = new byte[0];

    /** For AUTH to read a peer's token into; it can only be checked, never check. */
    public SecretJoinToken() {
        this.secret = null;
    }

    public SecretJoinToken(ClusterSecret secret) {
        this.secret = Objects.requireNonNull(secret, "secret");
    }

    /** Told the address of every join or merge this member refused. */
    void onRefusal(Consumer<Address> listener) {
        this.refusals = Objects.requireNonNull(listener, "listener");
    }

    @Override
    public String getName() {
        return SecretJoinToken.class.getName();
    }

    @Override
    public int size() {
        return Integer.BYTES + PROOF_BYTES;
    }

    @Override
    public boolean authenticate(AuthToken token, Message msg) {
        boolean proven = secret != null && token instanceof SecretJoinToken peer
                && secret.verifies(peer.offered(msg.getSrc()), PURPOSE, identity(msg.getSrc()));
        if (!proven) {
            log.warn("refused a join or merge from %s: it does not prove the cluster secret", msg.getSrc());
            refusals.accept(msg.getSrc());
        }
        return proven;
    }

    /**
     * The proof this token carries for {@code sender}: read off the wire, or, for a message that never left this
     * JVM (a member's merge request to itself goes up its own stack unserialized, token object and all), made from
     * the sending token's own secret, so it still passes only if that secret is ours.
     */
    private byte[] offered(Address sender) {
        return secret != null ? secret.mac(PURPOSE, identity(sender)) : proof;
    }

    @Override
    public void writeTo(DataOutput out) throws IOException {
        if (secret == null || auth == null) {
            throw new IOException("a token read off the wire cannot be sent");
        }
        byte[] mine = secret.mac(PURPOSE, identity(auth.getAddress()));
        out.writeInt(mine.length);
        out.write(mine);
    }

    @Override
    public void readFrom(DataInput in) throws IOException {
        int length = in.readInt();
        if (length != PROOF_BYTES) {
            throw new IOException("a join proof of " + length + " bytes, expected " + PROOF_BYTES);
        }
        proof = new byte[length];
        in.readFully(proof);
    }

    /** The sender's address as bytes: a UUID's 128 bits (its extensions, such as the stream endpoint, excluded). */
    private static byte[] identity(Address address) {
        if (address instanceof UUID uuid) {
            return ByteBuffer.allocate(16).putLong(uuid.getMostSignificantBits())
                    .putLong(uuid.getLeastSignificantBits()).array();
        }
        return String.valueOf(address).getBytes(StandardCharsets.UTF_8);
    }
}
