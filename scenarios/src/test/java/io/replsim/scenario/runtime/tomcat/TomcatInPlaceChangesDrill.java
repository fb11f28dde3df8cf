package io.replsim.scenario.runtime.tomcat;

import static io.replsim.scenario.runtime.tomcat.TomcatProbeDrill.assertTheyAgree;
import static io.replsim.scenario.runtime.tomcat.TomcatProbeDrill.damagedByTheProbe;
import static io.replsim.scenario.runtime.tomcat.TomcatProbeDrill.drill;
import static io.replsim.scenario.runtime.tomcat.TomcatProbeDrill.judged;
import static io.replsim.scenario.runtime.tomcat.TomcatProbeDrill.play;
import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.scenario.runtime.tomcat.TomcatProbeDrill.Drill;
import io.replsim.loadgen.check.Verdict;
import io.replsim.loadgen.check.VerdictMark;
import io.replsim.scenario.report.FaultReport;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The control that damage is seen at all: changes made without setAttribute never travel, so the sessions failed
 * over from a SIGKILLed Tomcat member must be damaged, on both sides, the driver and the probe app naming the same
 * ones ({@link TomcatProbeDrill}). A drill of the slow tier ({@code ./replsim test tomcat}): about 40 s.
 */
class TomcatInPlaceChangesDrill {

    @Test
    @Timeout(value = 4, unit = TimeUnit.MINUTES)
    void changesMadeInPlaceAreLostOnFailoverAndBothSidesNameTheSameSessions(@TempDir Path dir) throws Exception {
        Drill drill = play(dir, drill("tomcat-in-place-kill", true, 16, "18s", "9s"));
        String printed = drill.console();
        FaultReport kill = drill.summary().faults().getFirst();
        Set<String> driver = judged(drill.result(), Verdict.CORRUPT, Verdict.FAILED);
        Set<String> probe = damagedByTheProbe(drill.nodeLogs());
        assertThat(driver).as("the in-place changes of the killed member's sessions never travelled; " + printed)
                .isNotEmpty();
        assertTheyAgree(drill.result(), probe, printed);
        // only sessions the killed member served can have lost changes: each damaged one was on it first
        Set<String> onTheKilledMember = drill.result().timelines().stream()
                .filter(timeline -> timeline.stints().stream().anyMatch(stint -> stint.node().equals(kill.node())))
                .flatMap(timeline -> timeline.marks().stream()).map(VerdictMark::session)
                .collect(Collectors.toSet());
        assertThat(onTheKilledMember).as(printed).containsAll(driver);
        assertThat(drill.summary().sessions().corrupt()).as(printed).isPositive();
    }
}
