package io.replsim.replication.marshalling;

import java.io.ObjectInputFilter;
import java.util.Optional;

/**
 * The filter of one deserialization: allows the {@link AllowList}'s classes within the limits and remembers the
 * first thing it refused, so the caller can say which class a peer sent.
 */
final class AllowListFilter implements ObjectInputFilter {
    private final AllowList allowList;
    private final DeserializationLimits limits;
    private String refused;

    AllowListFilter(AllowList allowList, DeserializationLimits limits) {
        this.allowList = allowList;
        this.limits = limits;
    }

    @Override
    public Status checkInput(FilterInfo info) {
        if (info.depth() > limits.maxDepth()) {
            return refuse("depth " + info.depth() + " > " + limits.maxDepth());
        }
        if (info.references() > limits.maxReferences()) {
            return refuse("references " + info.references() + " > " + limits.maxReferences());
        }
        if (info.streamBytes() > limits.maxStreamBytes()) {
            return refuse("stream bytes " + info.streamBytes() + " > " + limits.maxStreamBytes());
        }
        if (info.arrayLength() > limits.maxArrayLength()) {
            return refuse("array length " + info.arrayLength() + " > " + limits.maxArrayLength());
        }
        Class<?> type = info.serialClass();
        if (type == null || allowList.allows(type)) {
            return Status.ALLOWED;
        }
        return refuse(type.getName());
    }

    private Status refuse(String what) {
        if (refused == null) {
            refused = what;
        }
        return Status.REJECTED;
    }

    /** The class name, or the limit, that made this filter refuse the stream. */
    Optional<String> refused() {
        return Optional.ofNullable(refused);
    }
}
