package io.replsim.bench;

import io.replsim.replication.member.ReplicationEngine;

import java.time.Duration;
import java.util.List;

/** A benchmark's trial starts only once its members share one view; a trial that cannot form one says so. */
final class MemberViews {
    private MemberViews() {
    }

    static void awaitOneView(List<? extends ReplicationEngine> members, Duration within) throws InterruptedException {
        long deadline = System.nanoTime() + within.toNanos();
        while (members.stream().anyMatch(member -> member.view().members().size() < members.size())) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the " + members.size() + " members never formed one view within "
                        + within.toSeconds() + " s");
            }
            Thread.sleep(50);
        }
    }
}
