package io.replsim.replication.message;

import io.replsim.replication.SessionId;

import java.util.Objects;

/** "Who holds this session?": sent by a member that got a request for a session it does not hold. */
public record GravitationRequest(SessionId id) implements ReplicationMessage {
    public GravitationRequest {
        Objects.requireNonNull(id, "id");
    }
}
