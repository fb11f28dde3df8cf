package io.replsim.loadgen.exchange;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class SocketPollersTest {

    @Test
    void readsThePropertyAsTheJdkDoes() {
        assertThat(SocketPollers.of("1")).isEqualTo(SocketPollers.PLATFORM_THREADS);
        assertThat(SocketPollers.of("system_threads")).isEqualTo(SocketPollers.PLATFORM_THREADS);
        assertThat(SocketPollers.of(" SYSTEM_THREADS ")).isEqualTo(SocketPollers.PLATFORM_THREADS);
        assertThat(SocketPollers.of("2")).isEqualTo(SocketPollers.VIRTUAL_THREADS);
        assertThat(SocketPollers.of("VTHREAD_POLLERS")).isEqualTo(SocketPollers.VIRTUAL_THREADS);
    }

    @Test
    void anUnsetPropertyMeansTheVirtualSubPollers() {
        assertThat(SocketPollers.of(null)).isEqualTo(SocketPollers.VIRTUAL_THREADS);
    }

    @Test
    void warnsOfVirtualSubPollersOnlyFromManyUsersAndNamesTheFlag() {
        assertThat(SocketPollers.VIRTUAL_THREADS.warningFor(SocketPollers.MANY_USERS - 1)).isEmpty();
        assertThat(SocketPollers.VIRTUAL_THREADS.warningFor(20_000)).hasValueSatisfying(warning -> assertThat(warning)
                .contains("20,000 users").contains("-Djdk.pollerMode=1"));
    }

    @Test
    void platformPollersNeedNoWarningAtAnyCount() {
        assertThat(SocketPollers.PLATFORM_THREADS.warningFor(1_000_000)).isEmpty();
    }
}
