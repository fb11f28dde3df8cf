package io.replsim.scenario.oracle;

import io.replsim.loadgen.think.ThinkTime;
import io.replsim.loadgen.LoadDriver;
import io.replsim.loadgen.LoadResult;
import io.replsim.loadgen.check.ResponseVerdictCounts;
import io.replsim.loadgen.exchange.TargetProtocol;
import io.replsim.loadgen.profile.LoadProfile;
import io.replsim.loadgen.script.RequestType;
import io.replsim.loadgen.script.UserScript;
import io.replsim.loadgen.script.WeightedRequest;
import io.replsim.node.app.AttributeShape;
import io.replsim.node.app.SessionProfile;
import io.replsim.replication.GranularityKind;
import io.replsim.replication.ReplicationSpec;
import io.replsim.replication.ReplicationTrigger;
import io.replsim.scenario.spec.App;
import io.replsim.scenario.spec.WorkloadSpec;
import io.replsim.settings.DataSize;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * JBoss AS 5's replication triggers on a read-mostly profile workload (one update to nine page views that get the
 * user's name and the attributes the last update changed, setting nothing): set replicates the updates only,
 * set-and-non-primitive-get also every view's mutable attributes, set-and-get also the immutable name. So the
 * bytes replicated per request come in the book's order, set least and set-and-get most (attribute granularity,
 * where each trigger's extra reads travel as attributes of their own; in-JVM nodes over real HTTP).
 */
class ReadTriggerBytesTest {
    private static final int USERS = 4;
    private static final SessionProfile PROFILE = new SessionProfile(4, 128, AttributeShape.BYTES, 0.25, false);
    private static final UserScript READ_MOSTLY = UserScript.of(new WeightedRequest(RequestType.PROFILE, 1),
            new WeightedRequest(RequestType.PROFILE_READ, 9));

    @Test
    void bytesReplicatedPerRequestGrowFromSetToSetAndNonPrimitiveGetToSetAndGet() throws Exception {
        Map<ReplicationTrigger, Double> bytesPerRequest = new EnumMap<>(ReplicationTrigger.class);
        StringBuilder figures = new StringBuilder();
        for (ReplicationTrigger trigger : ReplicationTrigger.values()) {
            var spec = ReplicationSpec.builder().granularity(GranularityKind.ATTRIBUTE).trigger(trigger).build();
            try (var cluster = new InJvmCluster(2, 64, PROFILE, spec);
                 var driver = new LoadDriver(load(), cluster.endpoints(), null)) {
                driver.start();
                // Counted from the moment every user has its session: a new session travels whole, and how many
                // requests a run fits in (which varies with the machine's load) would otherwise weigh that in.
                await().atMost(Duration.ofSeconds(20)).until(() -> IntStream.range(0, USERS)
                        .allMatch(user -> driver.nodeServing(user).isPresent())
                        && driver.progress().requestsTotal() >= 2L * USERS);
                long bytesBefore = bytesSent(cluster);
                long requestsBefore = driver.progress().requestsTotal();
                LoadResult result = driver.awaitResult();
                long bytes = bytesSent(cluster) - bytesBefore;
                long requests = result.requests() - requestsBefore;
                double perRequest = (double) bytes / requests;
                bytesPerRequest.put(trigger, perRequest);
                figures.append(String.format("%s: %d requests counted, %d bytes, %.1f B/request, %s%n",
                        trigger.label(), requests, bytes, perRequest, result.responseVerdicts()));
                // every answer showed the state the driver wrote: the reads changed nothing, whatever they sent
                assertThat(requests).as(figures.toString()).isGreaterThan(60);
                assertThat(result.errors().total()).as(figures.toString()).isZero();
                assertThat(result.responseVerdicts()).as(figures.toString())
                        .isEqualTo(new ResponseVerdictCounts(result.requests(), 0, 0, 0));
            }
        }

        assertThat(bytesPerRequest.get(ReplicationTrigger.SET)).as(figures.toString())
                .isLessThan(bytesPerRequest.get(ReplicationTrigger.SET_AND_NON_PRIMITIVE_GET));
        assertThat(bytesPerRequest.get(ReplicationTrigger.SET_AND_NON_PRIMITIVE_GET)).as(figures.toString())
                .isLessThan(bytesPerRequest.get(ReplicationTrigger.SET_AND_GET));
        System.out.print(figures);
    }

    private static long bytesSent(InJvmCluster cluster) {
        return cluster.node("node1").replication().stats().traffic().bytesSent()
                + cluster.node("node2").replication().stats().traffic().bytesSent();
    }

    private static LoadProfile load() {
        var shapes = new WorkloadSpec(App.PROFILE, new DataSize(64), PROFILE).sessionShapes();
        return LoadProfile.builder("/profile").users(USERS).thinkTime(new ThinkTime.Fixed(Duration.ofMillis(5)))
                .duration(Duration.ofSeconds(5)).requestTimeout(Duration.ofSeconds(5))
                .protocol(TargetProtocol.replsim(shapes)).script(READ_MOSTLY).build();
    }
}
