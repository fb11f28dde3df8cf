package io.replsim.scenario.runtime.tomcat;

import static io.replsim.scenario.runtime.tomcat.TomcatProbeDrill.assertTheyAgree;
import static io.replsim.scenario.runtime.tomcat.TomcatProbeDrill.damagedByTheProbe;
import static io.replsim.scenario.runtime.tomcat.TomcatProbeDrill.drill;
import static io.replsim.scenario.runtime.tomcat.TomcatProbeDrill.failedOverAndServed;
import static io.replsim.scenario.runtime.tomcat.TomcatProbeDrill.judged;
import static io.replsim.scenario.runtime.tomcat.TomcatProbeDrill.play;
import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.scenario.runtime.tomcat.TomcatProbeDrill.Drill;
import io.replsim.loadgen.check.Verdict;
import io.replsim.scenario.report.FaultReport;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Three real Tomcat 11 members (DeltaManager, asynchronous replication) serving replsim-probe.war under load, the
 * member serving the most users SIGKILLed: the driver and the probe app name the same damaged sessions
 * ({@link TomcatProbeDrill}). A drill of the slow tier ({@code ./replsim test tomcat}): about a minute.
 */
class TomcatFailoverDrill {

    @Test
    @Timeout(value = 4, unit = TimeUnit.MINUTES)
    void anAsyncDeltaClusterKilledUnderLoadIsJudgedAlikeByTheDriverAndTheProbe(@TempDir Path dir) throws Exception {
        Drill drill = play(dir, drill("tomcat-async-kill", false, 30, "18s", "9s"));
        String printed = drill.console();
        FaultReport kill = drill.summary().faults().getFirst();
        assertThat(kill.type()).as(printed).isEqualTo("kill");
        assertThat(kill.affectedUsers()).as(printed).isPositive();
        assertThat(failedOverAndServed(drill.result(), kill.node())).as(printed).isPositive();
        assertThat(drill.summary().external().content()).startsWith("verified: the probe's whole session state");
        assertThat(printed).contains("tomcat    ").contains("DeltaManager");

        Set<String> probe = damagedByTheProbe(drill.nodeLogs());
        assertTheyAgree(drill.result(), probe, printed);
        System.out.printf("tomcat async drill: %s; damaged with a current serial (CORRUPT/FAILED) %d, logged by the"
                + " probe %d%n", drill.summary().sessions(),
                judged(drill.result(), Verdict.CORRUPT, Verdict.FAILED).size(), probe.size());
    }
}
