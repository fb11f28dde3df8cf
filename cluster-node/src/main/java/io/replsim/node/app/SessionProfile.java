package io.replsim.node.app;

import io.replsim.settings.DataSize;
import io.replsim.settings.Grammar;
import io.replsim.settings.Setting;
import io.replsim.settings.SettingsGroup;
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
    private static final DataSize MAX_ATTRIBUTE = DataSize.parse("1MB");
    private static final String SHARE_EXPECTED = "a share from 0 to 1, such as 0.2";

    public static final Setting<SessionProfile, Integer> ATTRIBUTES = Setting.of("attributes", "--profile-attributes",
            Grammar.wholeNumber(1, 10_000), SessionProfile::attributes);
    public static final Setting<SessionProfile, DataSize> ATTRIBUTE_SIZE = Setting.of("attributeSize",
                    "--profile-attribute-bytes", Grammar.size(), (SessionProfile profile) ->
                            new DataSize(profile.attributeBytes()))
            .must(size -> size.bytes() >= 1 && size.compareTo(MAX_ATTRIBUTE) <= 0,
                    "a size from 1 byte to " + MAX_ATTRIBUTE + ", such as 1KB");
    public static final Setting<SessionProfile, AttributeShape> SHAPE = Setting.of("shape", "--profile-shape",
            Grammar.choice("a shape", AttributeShape.class), SessionProfile::shape);
    public static final Setting<SessionProfile, Double> MODIFIED_SHARE = Setting.of("modifiedShare",
                    "--profile-modified-share", Grammar.number(SHARE_EXPECTED), SessionProfile::modifiedShare)
            .must(share -> share >= 0 && share <= 1, SHARE_EXPECTED);
    public static final Setting<SessionProfile, Boolean> MUTATE_IN_PLACE = Setting.of("mutateInPlace",
            "--profile-mutate-in-place", Grammar.bool("a boolean"), SessionProfile::mutateInPlace);

    /** A scenario's {@code workload.profile} section, the node's {@code --profile-*} options. */
    public static final SettingsGroup<SessionProfile> SETTINGS = SettingsGroup.of((in, defaults) ->
                    new SessionProfile(ATTRIBUTES.readFrom(in, defaults),
                            (int) ATTRIBUTE_SIZE.readFrom(in, defaults).bytes(), SHAPE.readFrom(in, defaults),
                            MODIFIED_SHARE.readFrom(in, defaults), MUTATE_IN_PLACE.readFrom(in, defaults)),
            ATTRIBUTES, ATTRIBUTE_SIZE, SHAPE, MODIFIED_SHARE, MUTATE_IN_PLACE);

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
