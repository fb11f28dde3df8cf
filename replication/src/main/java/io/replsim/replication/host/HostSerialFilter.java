package io.replsim.replication.host;

import io.replsim.replication.marshalling.AllowList;
import io.replsim.replication.marshalling.DeserializationLimits;

import java.io.ObjectInputFilter;

/**
 * The deserialization filter a process hosting a member sets for the whole JVM: the allow-list and limits the
 * replication wire format reads Java serialization through, so that an ObjectInputStream without a filter of its
 * own (one inside a library, say) gets them too.
 */
public final class HostSerialFilter {
    private HostSerialFilter() {
    }

    public static ObjectInputFilter standard() {
        return AllowList.standard().filter(DeserializationLimits.DEFAULT);
    }
}
