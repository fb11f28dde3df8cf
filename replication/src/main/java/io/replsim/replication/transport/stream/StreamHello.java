package io.replsim.replication.transport.stream;

import io.replsim.replication.NodeId;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.Optional;

/**
 * The first bytes on a direct stream: which cluster and which member is sending. Plain fields, not a serialized
 * object, so nothing is deserialized before the server knows the sender is a member of its view.
 */
record StreamHello(String cluster, NodeId sender) {
    private static final int MAGIC = 0x52504C53; // "RPLS"
    /** 2: a challenge on the cluster secret follows the hello ({@link StreamHandshake}). */
    private static final int VERSION = 2;

    void writeTo(DataOutput out) throws IOException {
        out.writeInt(MAGIC);
        out.writeInt(VERSION);
        out.writeUTF(cluster);
        out.writeUTF(sender.name());
    }

    /** Empty when the peer does not speak this protocol (a port scan, another program, another version). */
    static Optional<StreamHello> readFrom(DataInput in) throws IOException {
        if (in.readInt() != MAGIC || in.readInt() != VERSION) {
            return Optional.empty();
        }
        String cluster = in.readUTF();
        String sender = in.readUTF();
        try {
            return Optional.of(new StreamHello(cluster, new NodeId(sender)));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }
}
