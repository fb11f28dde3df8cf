package io.replsim.loadgen.user;

import io.replsim.loadgen.profile.LoadProfile;
import io.replsim.loadgen.profile.RunPlan;
import io.replsim.loadgen.think.ThinkMode;
import io.replsim.loadgen.think.ThinkTime;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

class RunPlanTest {

    @Test
    void usersStartEvenlyOverTheRampUp() {
        LoadProfile profile = LoadProfile.builder("/counter").users(4).thinkTime(new ThinkTime.Fixed(Duration.ZERO))
                .rampUp(Duration.ofSeconds(2)).duration(Duration.ofSeconds(10)).requestTimeout(Duration.ofSeconds(1))
                .build();
        RunPlan plan = RunPlan.from(profile, 1_000);
        assertThat(plan.startNanosOf(0)).isEqualTo(1_000);
        assertThat(plan.startNanosOf(1)).isEqualTo(1_000 + 500_000_000L);
        assertThat(plan.startNanosOf(3)).isEqualTo(1_000 + 1_500_000_000L);
        assertThat(plan.deadlineNanos()).isEqualTo(1_000 + 10_000_000_000L);
    }

    @Test
    void theRunIsOverAtTheDeadline() {
        RunPlan plan = new RunPlan(0, 0, 100, 1, Duration.ZERO, new ThinkTime.Fixed(Duration.ZERO),
                ThinkMode.AFTER_RESPONSE);
        assertThat(plan.over(99)).isFalse();
        assertThat(plan.over(100)).isTrue();
    }
}
