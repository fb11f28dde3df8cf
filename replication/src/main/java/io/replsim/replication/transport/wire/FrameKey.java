package io.replsim.replication.transport.wire;

import javax.crypto.Mac;

/** The cluster secret as the wire guard uses it: a keyed MAC per sealing thread, the secret itself never seen. */
public interface FrameKey {
    /** A fresh HMAC-SHA256 keyed with the secret; the key cannot be read back out of it. */
    Mac newMac();
}
