package io.replsim.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class NoNodeProcessLeftTest {

    @Test
    void aProcessTheTestLeftRunningFailsItAndIsKilled() throws Exception {
        Process left = new ProcessBuilder("sleep", "60").start();

        assertThatThrownBy(() -> new NoNodeProcessLeft().afterEach(null)).isInstanceOf(AssertionError.class)
                .hasMessageContaining("node processes left running").hasMessageContaining(Long.toString(left.pid()));
        assertThat(left.isAlive()).as("killed before the test fails").isFalse();
    }

    @Test
    void nothingLeftRunningPasses() throws Exception {
        new NoNodeProcessLeft().afterEach(null);
    }
}
