package io.replsim.replication.transport;

import io.replsim.replication.NodeId;
import io.replsim.replication.message.Ack;

import java.util.List;
import java.util.Map;

/**
 * The answers to one message sent to several members: acks by member, members that did not answer within the
 * timeout, and members that left or were suspected while we waited (a crash is not a refusal).
 */
public record Replies(Map<NodeId, Ack> acks, List<NodeId> unanswered, List<NodeId> departed) {
    public Replies {
        acks = Map.copyOf(acks);
        unanswered = List.copyOf(unanswered);
        departed = List.copyOf(departed);
    }
}
