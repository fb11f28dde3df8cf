package io.replsim.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * After each test of a class that starts node processes: none of them may still run. The test JVM starts nothing
 * else, so every live descendant is one the test left behind; it is killed before the test fails, so that one leak
 * does not change what the next test's cluster meets on a shared machine.
 */
public final class NoNodeProcessLeft implements AfterEachCallback {

    @Override
    public void afterEach(ExtensionContext context) throws InterruptedException {
        List<ProcessHandle> left = ProcessHandle.current().descendants().filter(ProcessHandle::isAlive).toList();
        for (ProcessHandle process : left) {
            process.destroyForcibly();
        }
        for (ProcessHandle process : left) {
            process.onExit().completeOnTimeout(process, 10, TimeUnit.SECONDS).join();
        }
        assertThat(left).as("node processes left running").isEmpty();
    }
}
