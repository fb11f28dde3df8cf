package io.replsim.scenario.spec;

import io.replsim.node.app.CounterApp;
import io.replsim.node.app.LogoutCookie;
import io.replsim.node.app.ServiceTime;
import io.replsim.node.app.SessionProfile;
import io.replsim.settings.DataSize;
import io.replsim.settings.SettingsGroup;

import java.util.List;
import java.util.stream.Stream;

/**
 * Reads the {@code workload} section: the application, then with the node's own settings the counter's payload
 * size ({@link CounterApp#SETTINGS}), the profile app's session shape ({@link SessionProfile#SETTINGS}) and every
 * request's own work ({@link ServiceTime#SETTINGS}) and what a logout does with the cookie
 * ({@link LogoutCookie#SETTINGS}). A {@code profile} section with another app is refused: it
 * would look like it shapes sessions it does not.
 */
final class WorkloadReader {

    static final List<String> FIELDS = Stream.of(Stream.of("app"),
            SectionSettings.fieldsOf(CounterApp.SETTINGS).stream(), Stream.of("profile", "serviceTime"),
            SectionSettings.fieldsOf(LogoutCookie.SETTINGS).stream()).flatMap(fields -> fields).toList();

    private WorkloadReader() {
    }

    static WorkloadSpec read(MapReader workload) {
        App app = workload.choice("app", App.class, "an app").orElse(App.COUNTER);
        DataSize payload = CounterApp.SETTINGS.read(SectionSettings.of(workload, CounterApp.SETTINGS),
                WorkloadSpec.DEFAULT_PAYLOAD);
        SessionProfile profile = SessionProfile.DEFAULT;
        if (app == App.PROFILE) {
            profile = read(workload, "profile", SessionProfile.SETTINGS, SessionProfile.DEFAULT);
        } else {
            String expected = "no profile unless app is profile";
            workload.text("profile", expected).must(text -> false, expected);
        }
        LogoutCookie logoutCookie = LogoutCookie.SETTINGS.read(SectionSettings.of(workload, LogoutCookie.SETTINGS),
                LogoutCookie.EXPIRE);
        return new WorkloadSpec(app, payload, profile, read(workload, "serviceTime", ServiceTime.SETTINGS,
                ServiceTime.NONE), logoutCookie);
    }

    private static <R> R read(MapReader workload, String key, SettingsGroup<R> group, R defaults) {
        MapReader section = workload.optionalSection(key, SectionSettings.fieldsOf(group));
        return group.read(SectionSettings.of(section, group), defaults);
    }
}
