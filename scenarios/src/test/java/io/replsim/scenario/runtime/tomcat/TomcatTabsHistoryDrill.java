package io.replsim.scenario.runtime.tomcat;

import static io.replsim.scenario.runtime.tomcat.TomcatProbeDrill.play;
import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.loadgen.history.HistoryFile;
import io.replsim.loadgen.history.HistoryRequest;
import io.replsim.scenario.report.AnomalyCounts;
import io.replsim.scenario.report.FaultReport;
import io.replsim.scenario.runtime.tomcat.TomcatProbeDrill.Drill;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The history checker on real Tomcat 11 members through the probe app: the shipped
 * scenarios/drill-tomcat-tabs-kill.yaml (DeltaManager, asynchronous replication, 24 users of 2 tabs, the busiest
 * member SIGKILLed). Each answer carries the probe's list of the requests that wrote the session, each acknowledged
 * append's list holding its own id, so the checker judges every acknowledged answer. What it finds is Tomcat's
 * (docs/drills.md, "Tomcat through the probe") and is counted, not held here, but for a write applied twice: the list
 * travels as a whole array set anew by each request, so no replication can hold one request's id twice. A drill of
 * the slow tier ({@code ./replsim test tomcat}): about 40 s.
 */
class TomcatTabsHistoryDrill {

    @Test
    @Timeout(value = 4, unit = TimeUnit.MINUTES)
    void everyAnswerOfATomcatClusterWithTabsAndAKillIsJudgedByTheHistory(@TempDir Path dir) throws Exception {
        Drill drill = play(dir, Files.readString(Path.of("drill-tomcat-tabs-kill.yaml")));
        String printed = drill.console();
        FaultReport kill = drill.summary().faults().getFirst();
        assertThat(kill.evidence().confirmed()).as(printed).isTrue();
        assertThat(kill.affectedUsers()).as("users on the killed member, whose tabs fail over; " + printed)
                .isPositive();

        AnomalyCounts anomalies = drill.summary().anomalies();
        assertThat(anomalies.judged()).as(printed).isPositive();
        assertThat(anomalies.notJudged()).as("answers without the probe's list, or with an element nobody appended; "
                + printed).isZero();
        assertThat(anomalies.judged() + anomalies.indeterminate()).as(printed).isEqualTo(anomalies.requests());
        assertThat(anomalies.writeAppliedTwice()).as(printed).isZero();
        // the lists are the probe's record of the writes: each acknowledged append shows its own id
        List<HistoryRequest> appends = HistoryFile.read(drill.outcome().directory().resolve(HistoryFile.NAME))
                .stream().filter(request -> request.acknowledged() && request.appended().isPresent()).toList();
        assertThat(appends).as(printed).isNotEmpty();
        assertThat(appends.stream().filter(append -> !append.read()
                .map(list -> list.contains(append.appended().getAsLong())).orElse(false))
                .map(HistoryRequest::id).toList()).as("acknowledged appends whose answer lacks their own id").isEmpty();
        System.out.printf("tomcat tabs drill: %s%n", anomalies);
    }
}
