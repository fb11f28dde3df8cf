package io.replsim.scenario.spec;

import io.replsim.node.app.AttributeShape;
import io.replsim.node.app.ServiceTime;
import io.replsim.node.app.SessionProfile;
import io.replsim.node.options.DataSize;
import java.time.Duration;
import java.util.List;

/**
 * Reads the {@code workload} section: the application, the counter's payload size, the profile app's session
 * shape and every request's own work ({@code serviceTime}). A {@code profile} section with another app is refused:
 * it would look like it shapes sessions it does not.
 */
final class WorkloadReader {

    static final List<String> FIELDS = List.of("app", "payload", "profile", "serviceTime");
    static final List<String> SERVICE_TIME_FIELDS = List.of("cpu", "wait");
    static final List<String> PROFILE_FIELDS =
            List.of("attributes", "attributeSize", "shape", "modifiedShare", "mutateInPlace");

    private static final DataSize MAX_PAYLOAD = DataSize.parse("16MB");
    private static final DataSize MAX_ATTRIBUTE = DataSize.parse("1MB");
    private static final String SHARE_EXPECTED = "a share from 0 to 1, such as 0.2";
    private static final String SERVICE_EXPECTED = "a duration from 0ms to 10s, such as ";

    private WorkloadReader() {
    }

    static WorkloadSpec read(MapReader workload) {
        App app = workload.choice("app", App::parse, "an app").orElse(App.COUNTER);
        DataSize payload = workload.size("payload")
                .must(size -> size.compareTo(MAX_PAYLOAD) <= 0, "a size from 0 to " + MAX_PAYLOAD + ", such as 4KB")
                .orElse(WorkloadSpec.DEFAULT_PAYLOAD);
        SessionProfile profile = SessionProfile.DEFAULT;
        if (app == App.PROFILE) {
            profile = profile(workload.optionalSection("profile", PROFILE_FIELDS));
        } else {
            String expected = "no profile unless app is profile";
            workload.text("profile", expected).must(text -> false, expected);
        }
        return new WorkloadSpec(app, payload, profile, serviceTime(workload.optionalSection("serviceTime",
                SERVICE_TIME_FIELDS)));
    }

    private static ServiceTime serviceTime(MapReader serviceTime) {
        return new ServiceTime(servicePart(serviceTime, "cpu", "2ms"), servicePart(serviceTime, "wait", "10ms"));
    }

    private static Duration servicePart(MapReader serviceTime, String key, String example) {
        return serviceTime.duration(key)
                .must(part -> !part.isNegative() && part.compareTo(ServiceTime.MAX) <= 0, SERVICE_EXPECTED + example)
                .orElse(Duration.ZERO);
    }

    private static SessionProfile profile(MapReader profile) {
        SessionProfile defaults = SessionProfile.DEFAULT;
        int attributes = profile.wholeNumber("attributes", 1, 10_000).orElse((long) defaults.attributes()).intValue();
        DataSize attributeSize = profile.size("attributeSize")
                .must(size -> size.bytes() >= 1 && size.compareTo(MAX_ATTRIBUTE) <= 0,
                        "a size from 1 byte to " + MAX_ATTRIBUTE + ", such as 1KB")
                .orElse(new DataSize(defaults.attributeBytes()));
        AttributeShape shape = profile.choice("shape", AttributeShape::parse, "a shape").orElse(defaults.shape());
        double share = profile.number("modifiedShare", SHARE_EXPECTED)
                .must(value -> value >= 0 && value <= 1, SHARE_EXPECTED)
                .orElse(defaults.modifiedShare());
        boolean mutateInPlace = profile.choice("mutateInPlace", WorkloadReader::trueOrFalse, "a boolean")
                .orElse(defaults.mutateInPlace());
        return new SessionProfile(attributes, (int) attributeSize.bytes(), shape, share, mutateInPlace);
    }

    private static boolean trueOrFalse(String text) {
        return switch (text.trim()) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new IllegalArgumentException("not a boolean; expected one of: true, false");
        };
    }
}
