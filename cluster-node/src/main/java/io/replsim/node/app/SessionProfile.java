package io.replsim.node.app;

import java.util.Objects;

/**
 * The shape of the profile app's sessions: how many attributes, how big, what they are made of, and how many a
 * request changes.
 *
 * @param modifiedShare the share of attributes each request replaces, 0 to 1 (at least one when above 0)
 * @param mutateInPlace the bug switch: change values the request read without calling setAttribute again, as
 *                      real applications do by mistake; only triggers that treat a read as a write replicate it
 */
public record SessionProfile(int attributes, int attributeBytes, AttributeShape shape, double modifiedShare,
                             boolean mutateInPlace) {
    public static final SessionProfile DEFAULT = new SessionProfile(10, 1024, AttributeShape.BYTES, 0.2, false);

    public SessionProfile {
        Objects.requireNonNull(shape, "shape");
        if (attributes < 1 || attributeBytes < 1) {
            throw new IllegalArgumentException("a profile has at least 1 attribute of at least 1 byte, got "
                    + attributes + " of " + attributeBytes);
        }
        if (!(modifiedShare >= 0 && modifiedShare <= 1)) {
            throw new IllegalArgumentException("modifiedShare is from 0 to 1, got " + modifiedShare);
        }
    }

    /** How many attributes one request changes. */
    public int modifiedPerRequest() {
        return modifiedShare == 0 ? 0 : Math.max(1, (int) Math.round(modifiedShare * attributes));
    }
}
