package io.replsim.loadgen.record;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

@Timeout(30)
class SecondSeriesTest {

    @Test
    void eachCountLandsInItsOwnSecondWhenSecondsAlternate() {
        SecondSeries series = new SecondSeries();
        series.request(1_000);
        series.request(2_500);
        series.request(1_999); // back to a second counted before the latest one
        series.error(2_000);
        series.error(1_000);
        series.request(3_000);

        assertThat(series.between(1_000, 3_000)).containsExactly(
                new Second(1, 2, 1), new Second(2, 1, 1), new Second(3, 1, 0));
    }

    @Test
    void threadsCountingAcrossASecondsEdgeLoseNothing() throws Exception {
        SecondSeries series = new SecondSeries();
        int perThread = 200_000;
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            int offset = t;
            threads.add(Thread.ofPlatform().start(() -> {
                for (int i = 0; i < perThread; i++) {
                    // each thread walks over seconds 0 to 4, out of step with the others
                    series.request(((i + offset * 7_919L) % 5_000L));
                }
            }));
        }
        for (Thread thread : threads) {
            thread.join();
        }

        List<Second> seconds = series.between(0, 4_999);
        assertThat(seconds).hasSize(5);
        assertThat(seconds.stream().mapToLong(Second::requests).sum()).isEqualTo(4L * perThread);
        for (Second second : seconds) {
            assertThat(second.requests()).isEqualTo(4L * perThread / 5);
        }
    }
}
