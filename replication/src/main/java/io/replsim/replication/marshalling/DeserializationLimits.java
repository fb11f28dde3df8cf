package io.replsim.replication.marshalling;

/**
 * Bounds on one deserialized message, so a hostile or broken peer cannot exhaust memory or stack with a stream
 * of allowed classes.
 */
public record DeserializationLimits(int maxDepth, long maxReferences, long maxArrayLength, long maxStreamBytes) {
    /** Room for sessions of a few MiB with nested maps and lists, far below anything that hurts a node. */
    public static final DeserializationLimits DEFAULT =
            new DeserializationLimits(20, 100_000, 16L * 1024 * 1024, 64L * 1024 * 1024);

    public DeserializationLimits {
        if (maxDepth <= 0 || maxReferences <= 0 || maxArrayLength <= 0 || maxStreamBytes <= 0) {
            throw new IllegalArgumentException("every deserialization limit is positive: " + this);
        }
    }
}
