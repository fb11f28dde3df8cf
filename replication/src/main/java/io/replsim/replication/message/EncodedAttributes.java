package io.replsim.replication.message;

import java.io.Serializable;
import java.util.Map;

/**
 * A session's attributes kept in the form they arrived in from another member and decoded at their first use:
 * immutable, so a snapshot holds them as they are. A backup applies many more copies than it ever reads (it reads
 * one when it takes the session over, or sends its copy on), and decoding every applied update cost it more than
 * receiving it (docs/replication.md, "What a backup keeps").
 */
public interface EncodedAttributes extends Map<String, Serializable> {
    /** The bytes of their encoded form: what a copy that is never read holds. */
    long heldBytes();
}
