package io.replsim.node.app;

import io.replsim.settings.Labelled;

/**
 * What a profile attribute looks like to serialization: one byte array (cheap to marshal per byte) or a graph of
 * small objects (a list of maps, as carts and user profiles are), whose marshalling cost is per object.
 */
public enum AttributeShape implements Labelled {
    BYTES,
    GRAPH
}
