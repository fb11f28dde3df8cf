package io.replsim.scenario.runtime.external;

import io.replsim.loadgen.check.state.ProbePath;
import io.replsim.node.app.AttributeShape;
import io.replsim.node.app.SessionProfile;
import io.replsim.scenario.spec.WorkloadSpec;

/**
 * The probe app's page that builds sessions shaped as a scenario's workload, so the same scenario runs against a
 * foreign cluster serving replsim-probe.war ({@code --app probe}) as against replsim's own nodes: the counter is a
 * session of one attribute of the payload's size that never changes ({@code attrs=1&share=0}), the profile its
 * attributes, share and mutate-in-place bug switch ({@code &inplace}), the bean the probe's bean. What the probe
 * cannot build is refused with the field's path.
 */
public final class ProbeWorkload {
    private static final int MAX_KB = 10_240;
    private static final int MAX_ATTRS = 1_000;

    private ProbeWorkload() {
    }

    /** The probe page for {@code workload}; throws with the field's path and what to do when there is none. */
    public static String pathFor(WorkloadSpec workload) {
        return switch (workload.app()) {
            case COUNTER -> {
                long bytes = workload.payload().bytes();
                if (bytes % 1024 != 0 || bytes / 1024 > MAX_KB) {
                    throw new IllegalArgumentException("workload.payload: got " + workload.payload() + "; the probe"
                            + " builds sessions of whole kilobytes up to " + MAX_KB + "KB (kb=N): give such a"
                            + " payload, such as 4KB");
                }
                yield ProbePath.session((int) (bytes / 1024), 1, 0);
            }
            case PROFILE -> {
                SessionProfile profile = workload.profile();
                if (profile.shape() != AttributeShape.BYTES) {
                    throw new IllegalArgumentException("workload.profile.shape: got " + profile.shape().name()
                            .toLowerCase(java.util.Locale.ROOT) + "; the probe's attributes are byte arrays: use"
                            + " shape: bytes");
                }
                long total = (long) profile.attributes() * profile.attributeBytes();
                if (total % 1024 != 0 || total / 1024 > MAX_KB || profile.attributes() > MAX_ATTRS) {
                    throw new IllegalArgumentException("workload.profile: " + profile.attributes() + " attributes of "
                            + profile.attributeBytes() + " bytes; the probe splits whole kilobytes (up to " + MAX_KB
                            + ") over up to " + MAX_ATTRS + " attributes: make attributes × attributeBytes a multiple"
                            + " of 1024, such as 10 of 1KB");
                }
                String page = ProbePath.session((int) (total / 1024), profile.attributes(), profile.modifiedShare());
                // the profile's bug switch is the probe's: the bytes changed in place, setAttribute for the serial only
                yield profile.mutateInPlace() ? page + "&inplace" : page;
            }
            case BEAN -> ProbePath.BEAN;
            case CART -> throw new IllegalArgumentException("workload.app: got cart; the probe has no cart: use"
                    + " counter, profile or bean with --app probe");
        };
    }
}
