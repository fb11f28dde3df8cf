package io.replsim.replication;

import java.io.Serializable;

/** A serializable class no allow-list names: stands for any gadget a peer might try to slip into a session. */
public record NotAllowedValue(String text) implements Serializable {
}
