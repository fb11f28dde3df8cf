package io.replsim.replication.transport.stream;

/** The cluster secret as a stream handshake uses it: proofs made and checked, the secret itself never seen. */
public interface PeerKey {
    /** An HMAC of the parts under the secret. */
    byte[] mac(byte[]... parts);

    /** Whether {@code proof} is {@link #mac} of the parts, in constant time. */
    boolean verifies(byte[] proof, byte[]... parts);
}
