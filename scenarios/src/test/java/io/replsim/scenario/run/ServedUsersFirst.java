package io.replsim.scenario.run;

import static org.awaitility.Awaitility.await;

import io.replsim.scenario.fault.Disruption;
import io.replsim.scenario.fault.FaultEvidence;
import io.replsim.scenario.fault.Nemesis;
import io.replsim.scenario.fault.UserNodes;
import io.replsim.scenario.runtime.ClusterRuntime;
import io.replsim.scenario.runtime.NodeHandle;
import io.replsim.scenario.spec.FaultSpec;
import java.io.IOException;
import java.time.Duration;
import java.util.stream.IntStream;

/**
 * Holds each fault back until every user has had an answer and the nodes have served {@code answersPerUser}
 * requests per user, then hands it to {@code faults}. A fault that strikes while a user still waits for its first
 * session (cold nodes on a busy machine) makes that user's verdict say nothing about the fault, and the exact
 * counts of a drill come out one off. Past {@code deadline} the fault is refused: the run prints
 * "replsim: kill at ... ms failed: ..." with the reason and leaves the fault out, so the test fails saying why.
 */
record ServedUsersFirst(Nemesis faults, ClusterRuntime runtime, UserNodes users, int userCount, int answersPerUser,
                        Duration deadline) implements Nemesis {

    @Override
    public FaultSpec aim(FaultSpec fault) throws InterruptedException {
        await("every one of " + userCount + " users answered and " + answersPerUser + " requests per user served"
                + " before the " + fault.type()).atMost(deadline).pollInterval(Duration.ofMillis(100))
                .ignoreExceptionsInstanceOf(IOException.class).until(this::served);
        return faults.aim(fault);
    }

    private boolean served() throws IOException, InterruptedException {
        if (!IntStream.range(0, userCount).allMatch(user -> users.nodeServing(user).isPresent())) {
            return false;
        }
        long requests = 0;
        for (NodeHandle node : runtime.liveNodes()) {
            requests += runtime.admin(node.name()).stats().requests().total();
        }
        return requests >= (long) answersPerUser * userCount;
    }

    @Override
    public Disruption inject(FaultSpec fault) throws InterruptedException, IOException {
        return faults.inject(fault);
    }

    @Override
    public FaultEvidence confirm(Disruption disruption) throws InterruptedException {
        return faults.confirm(disruption);
    }

    @Override
    public FaultEvidence heal(Disruption disruption) throws InterruptedException, IOException {
        return faults.heal(disruption);
    }
}
